import type { TSmsProvider } from '@wenku/contracts';
import { VendorError } from '../http';
import { aliyunProvider } from './aliyun';
import { baiduProvider } from './baidu';
import { haomasProvider } from './haomas';
import { huaweiProvider } from './huawei';
import { tencentProvider } from './tencent';
import type { SmsCredentials, SmsProvider } from './types';

export type { SmsCredentials, SmsMessage, SmsProvider, SmsResult } from './types';

const FACTORIES: Record<TSmsProvider, (c: SmsCredentials) => SmsProvider> = {
  aliyun: aliyunProvider,
  tencent: tencentProvider,
  baidu: baiduProvider,
  huawei: huaweiProvider,
  haomas: haomasProvider,
};

/** The adapter for a provider name; `send` is wrapped so that it never throws. */
export function createSmsProvider(name: TSmsProvider, c: SmsCredentials): SmsProvider {
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`unknown SMS provider ${name}`);
  const inner = factory(c);
  return {
    name: inner.name,
    async send(m) {
      try {
        return await inner.send(m);
      } catch (e) {
        const raw = e instanceof VendorError ? e.raw : '';
        return { ok: false, raw, error: (e as Error).message };
      }
    },
  };
}
