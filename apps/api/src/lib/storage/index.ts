import path from 'node:path';
import type { AppConfig } from '../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export * from './types';
export { LocalStorage, S3Storage };
export { PresignedRedirects } from './redirects';

/** The configured store: local disk under DATA_DIR/files, or S3-compatible object storage. */
export function createStorage(config: AppConfig): Storage {
  // S3Storage checks its settings here and refuses to start half-configured ('对象存储配置不完整：缺少 S3_BUCKET')
  if (config.storage.kind === 's3') return new S3Storage(config.storage.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
