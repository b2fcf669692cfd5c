import { defineModule } from '../../kernel/module';
import { ConfigRepo } from './config.repo';
import { ConfigService } from './config.service';
import { LanguageService } from './language.service';
import { configRoutes } from './config.routes';

declare module '../../kernel/module' {
  interface Services {
    settings: ConfigService;
    languages: LanguageService;
  }
}

/** Site settings (one typed section per admin config page) and document languages. */
export default defineModule({
  name: 'config',
  create: ({ db, caches }) => {
    const repo = new ConfigRepo(db);
    const settings = new ConfigService(repo, caches);
    return { settings, languages: new LanguageService(repo, settings) };
  },
  routes: configRoutes,
  seed: ({ settings }) => settings.seed(),
});
