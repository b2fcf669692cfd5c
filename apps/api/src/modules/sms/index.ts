import { defineModule } from '../../kernel/module';
import { SmsRepo } from './sms.repo';
import { SmsService } from './sms.service';
import { smsRoutes } from './sms.routes';

declare module '../../kernel/module' {
  interface Services {
    sms: SmsService;
  }
}

/** SMS codes (aliyun, tencent, baidu, huawei, haomas): registration, login and password reset by mobile. */
export default defineModule({
  name: 'sms',
  create: ({ db, settings, users, verification, captcha, punishments, outbound }) => ({
    sms: new SmsService(new SmsRepo(db), settings, users, verification, captcha, punishments, outbound),
  }),
  routes: smsRoutes,
});
