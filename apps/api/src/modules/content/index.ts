import { defineModule } from '../../kernel/module';
import { ContentService } from './content.service';
import { contentRoutes } from './content.routes';

declare module '../../kernel/module' {
  interface Services {
    content: ContentService;
  }
}

/** Categories, navigation, friend links and advertisements. */
export default defineModule({
  name: 'content',
  create: ({ db, settings, caches }) => {
    const content = new ContentService(db, settings, caches);
    return { content };
  },
  routes: contentRoutes,
});
