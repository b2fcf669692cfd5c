import { defineModule } from '../../kernel/module';
import { MailService } from './mail.service';
import { mailRoutes } from './mail.routes';

declare module '../../kernel/module' {
  interface Services {
    mail: MailService;
  }
}

/** Mail over SMTP: email codes, password-reset links, the admin's test mail. */
export default defineModule({
  name: 'mail',
  create: ({ settings, users, verification, captcha, config, outbound }) => ({
    mail: new MailService(settings, users, verification, captcha, config.jwtSecret, outbound),
  }),
  routes: mailRoutes,
});
