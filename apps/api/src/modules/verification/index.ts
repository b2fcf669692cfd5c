import { defineModule } from '../../kernel/module';
import { VerificationRepo } from './verification.repo';
import { VerificationService } from './verification.service';

declare module '../../kernel/module' {
  interface Services {
    verification: VerificationService;
  }
}

/** One-time codes sent by mail or SMS: hashed, single use, expiring, limited per address and IP. */
export default defineModule({
  name: 'verification',
  create: ({ db, config }) => ({ verification: new VerificationService(db, new VerificationRepo(db), config.jwtSecret) }),
});
