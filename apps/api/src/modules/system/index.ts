import { defineModule } from '../../kernel/module';
import { systemRoutes } from './system.routes';
import { SystemRepo } from './system.repo';
import { SystemService } from './system.service';
import { ReleaseService } from './release.service';

declare module '../../kernel/module' {
  interface Services {
    system: SystemService;
    releases: ReleaseService;
  }
}

/** Health, site statistics and trends, the server's resources, licence and release notice. */
export default defineModule({
  name: 'system',
  create: ({ database, config, settings, conversion, knowledgeAdmin, log, caches, outbound }) => ({
    system: new SystemService(
      new SystemRepo(database.pool),
      settings,
      {
        databaseKind: database.kind,
        dataDir: config.dataDir,
        // the same engines GET /envs lists
        engines: async () => [...(await conversion.envs()), ...(await knowledgeAdmin.envs())],
      },
      caches,
    ),
    releases: new ReleaseService(settings, log, outbound),
  }),
  routes: systemRoutes,
});
