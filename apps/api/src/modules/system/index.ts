import { defineModule } from '../../kernel/module';
import { systemRoutes } from './system.routes';

/** Health, site statistics and the server's resources. */
export default defineModule({ name: 'system', routes: systemRoutes });
