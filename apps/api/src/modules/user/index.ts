import { defineModule } from '../../kernel/module';
import { UserRepo } from './user.repo';
import { GroupRepo } from './group.repo';
import { AdminAccountService } from './admin.service';
import { UserService } from './user.service';
import { LoginThrottle } from './login-throttle';
import { userRoutes } from './user.routes';
import { purgeRevokedTokensJob } from './user.jobs';

declare module '../../kernel/module' {
  interface Services {
    users: UserService;
    adminAccount: AdminAccountService;
    loginThrottle: LoginThrottle;
  }
}

/**
 * Accounts: registration, password login, tokens and their revocation, groups and permissions, and their
 * administration. The owner of `users`, `groups`, `user_groups`, `group_permissions` and `permissions`.
 */
export default defineModule({
  name: 'user',
  create: ({ db, credits, settings, rates, events }) => {
    const groups = new GroupRepo(db);
    const users = new UserService({ db, repo: new UserRepo(db), groups, credits, settings });
    return {
      users,
      adminAccount: new AdminAccountService({ db, groups, users, events }),
      loginThrottle: new LoginThrottle(settings, rates),
    };
  },
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
