import path from 'node:path';
import type { AppConfig } from '../../config';
import { LocalStorage } from './local';
import type { Storage } from './types';

export * from './types';
export { LocalStorage };

/** The configured store: local disk under DATA_DIR/files, or S3-compatible object storage. */
export function createStorage(config: AppConfig): Storage {
  if (config.storage.kind === 's3') {
    // the S3 adapter arrives with document uploads; refuse to start half-configured rather than lose files
    throw new Error('STORAGE=s3 尚未启用：请使用 STORAGE=local');
  }
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
