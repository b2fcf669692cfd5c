import { TargetType } from '@wenku/contracts';
import { defineModule } from '../../kernel/module';
import { InteractionRepo } from './interaction.repo';
import { InteractionService } from './interaction.service';
import { interactionRoutes } from './interaction.routes';

declare module '../../kernel/module' {
  interface Services {
    interactions: InteractionService;
  }
}

/** Favourites, scores, comments and reports of documents and articles. */
export default defineModule({
  name: 'interaction',
  create: ({ db, documents, articles, users, credits, settings, punishments, captcha, account }) => ({
    interactions: new InteractionService(db, new InteractionRepo(db), documents, articles, users, credits, settings, punishments, captcha, account),
  }),
  routes: interactionRoutes,
  events: ({ interactions }) => ({
    'article.purged': ({ ids }) => interactions.forgetTargets(TargetType.Article, ids),
  }),
});
