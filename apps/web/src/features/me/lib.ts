import type { TUser } from '@wenku/contracts/schemas';

/** Reasons the API writes into the credit ledger, in Chinese. */
const CREDIT_REASON_LABELS: Record<string, string> = {
  register: '注册奖励',
  sign_in: '每日签到',
  upload_document: '上传文档',
  delete_document: '删除文档',
  document_collected: '文档被收藏',
  document_commented: '文档被评论',
  download_document: '下载文档',
  document_sold: '文档被下载',
  recharge: '积分充值',
  system_recharge: '系统充值',
  buy_vip: '开通VIP',
  admin: '管理员调整',
  refund: '退款',
};

/** The reason of a ledger row in Chinese; unknown reasons fall back to the row's remark, then to 其他. */
export function creditReasonLabel(reason: string, remark = ''): string {
  return CREDIT_REASON_LABELS[reason] ?? (remark.trim() || '其他');
}

/** +5 / -3 / 0 */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** Email and mobile are locked once set (spec §5). */
export function lockedContactFields(user: Pick<TUser, 'email' | 'mobile'> | null | undefined): { email: boolean; mobile: boolean } {
  return { email: Boolean(user?.email?.trim()), mobile: Boolean(user?.mobile?.trim()) };
}

export interface ProfileFormValues {
  username: string;
  realname?: string;
  identity?: string;
  email?: string;
  mobile?: string;
  address?: string;
  signature?: string;
}

/** The PUT /user/profile body from the form: trimmed, and without the locked email/mobile fields. */
export function profileUpdateBody(values: ProfileFormValues, user: Pick<TUser, 'email' | 'mobile'> | null | undefined) {
  const locked = lockedContactFields(user);
  const t = (v: string | undefined) => (v ?? '').trim();
  const body: { username: string; realname: string; identity: string; address: string; signature: string; email?: string; mobile?: string } = {
    username: t(values.username),
    realname: t(values.realname),
    identity: t(values.identity),
    address: t(values.address),
    signature: t(values.signature),
  };
  if (!locked.email && t(values.email)) body.email = t(values.email);
  if (!locked.mobile && t(values.mobile)) body.mobile = t(values.mobile);
  return body;
}

/** The change-password form's messages, word for word from spec §5. */
export const PASSWORD_MESSAGES = {
  old: '请输入您的原密码',
  new: '请输入您的新密码',
  confirm: '请再次输入您的新密码',
  mismatch: '新密码和确认密码不一致',
  success: '密码修改成功',
} as const;

export interface PasswordFormValues {
  old_password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** The first problem of each field of the change-password form (the same rules the form runs). */
export function passwordFormErrors(v: PasswordFormValues): Partial<Record<keyof PasswordFormValues, string>> {
  const errors: Partial<Record<keyof PasswordFormValues, string>> = {};
  if (!v.old_password) errors.old_password = PASSWORD_MESSAGES.old;
  if (!v.new_password) errors.new_password = PASSWORD_MESSAGES.new;
  else if (v.new_password.length < 8) errors.new_password = '密码至少8位';
  else if (v.new_password.length > 64) errors.new_password = '密码最多64位';
  if (!v.confirm_password) errors.confirm_password = PASSWORD_MESSAGES.confirm;
  else if (v.confirm_password !== v.new_password) errors.confirm_password = PASSWORD_MESSAGES.mismatch;
  return errors;
}
