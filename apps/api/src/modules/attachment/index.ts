import path from 'node:path';
import { defineModule } from '../../kernel/module';
import { AttachmentRepo } from './attachment.repo';
import { AttachmentService } from './attachment.service';
import { attachmentRoutes } from './attachment.routes';

declare module '../../kernel/module' {
  interface Services {
    attachments: AttachmentService;
  }
}

/** Uploaded files (documents and images): streaming, hashing, sniffing, content-addressed storage, banned hashes. */
export default defineModule({
  name: 'attachment',
  create: ({ db, users, settings, punishments, account, storage, config }) => ({
    attachments: new AttachmentService(
      new AttachmentRepo(db),
      users,
      settings,
      punishments,
      account,
      storage,
      path.join(config.dataDir, 'tmp'),
      config.jwtSecret,
    ),
  }),
  routes: attachmentRoutes,
  events: ({ attachments }) => ({
    'document.files-released': ({ hashes }) => attachments.removeFiles(hashes),
  }),
});
