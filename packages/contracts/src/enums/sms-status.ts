import type { TEnumOption } from './enum-option';

/** Delivery status of a text message, spec §3. */
export const SmsStatus = {
  Sending: 0,
  Success: 1,
  Failed: 2,
} as const;
export type TSmsStatus = (typeof SmsStatus)[keyof typeof SmsStatus];

export const SMS_STATUS_OPTIONS = [
  { value: SmsStatus.Sending, label: '发送中', status: 'Processing' },
  { value: SmsStatus.Success, label: '发送成功', status: 'Success' },
  { value: SmsStatus.Failed, label: '发送失败', status: 'Error' },
] as const satisfies readonly TEnumOption<TSmsStatus>[];
