import { defineModule } from '../../kernel/module';
import { CreditService } from './credit.service';

declare module '../../kernel/module' {
  interface Services {
    credits: CreditService;
  }
}

/** The credit ledger: the only way credits move (row lock, ledger row, balance) inside the caller's transaction. */
export default defineModule({
  name: 'credit',
  create: ({ db }) => ({ credits: new CreditService(db) }),
});
