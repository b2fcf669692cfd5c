import type { TEnumOption } from './enum-option';

/** Text-message gateways, spec §3. */
export const SmsProvider = {
  Aliyun: 'aliyun',
  Tencent: 'tencent',
  Baidu: 'baidu',
  Huawei: 'huawei',
  Haomas: 'haomas',
} as const;
export type TSmsProvider = (typeof SmsProvider)[keyof typeof SmsProvider];

export const SMS_PROVIDER_OPTIONS = [
  { value: SmsProvider.Aliyun, label: '阿里云' },
  { value: SmsProvider.Tencent, label: '腾讯云' },
  { value: SmsProvider.Baidu, label: '百度智能云' },
  { value: SmsProvider.Huawei, label: '华为云' },
  { value: SmsProvider.Haomas, label: 'Haomas' },
] as const satisfies readonly TEnumOption<TSmsProvider>[];
