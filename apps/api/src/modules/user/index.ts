import { defineModule } from '../../kernel/module';
import { UserRepo } from './user.repo';
import { UserService } from './user.service';
import { LoginThrottle } from './login-throttle';
import { userRoutes } from './user.routes';
import { purgeRevokedTokensJob } from './user.jobs';

declare module '../../kernel/module' {
  interface Services {
    users: UserService;
    loginThrottle: LoginThrottle;
  }
}

/** Accounts: registration, password login, tokens and their revocation, groups and permissions as read. */
export default defineModule({
  name: 'user',
  create: ({ db, credits, settings, rates }) => ({
    users: new UserService(db, new UserRepo(db), credits, settings),
    loginThrottle: new LoginThrottle(settings, rates),
  }),
  routes: userRoutes,
  // the first administrator (user 1) on an empty database; a generated password is shown once
  seed: async ({ users, config }, log) => {
    const admin = await users.ensureAdmin(config.adminUsername, config.adminPassword);
    if (admin.generatedPassword) {
      log(
        `\n========================================================\n  首个管理员已创建 / first administrator created\n  用户名 username: ${config.adminUsername}\n  密码 password:   ${admin.generatedPassword}\n  请登录后立即修改密码。This is shown only once.\n========================================================\n`,
      );
    }
  },
  jobs: ({ users, log }) => [
    purgeRevokedTokensJob.handle(async () => {
      const purged = await users.purgeExpiredRevocations();
      log.info('purged expired revoked tokens', { count: purged });
      return { purged };
    }),
  ],
});
