import { App, message as staticMessage } from 'antd';
import { errorMessage } from './api';

/**
 * Messages from code that is not a component (table adapters, mutations). The instance is bound by
 * <FeedbackBinder/> inside antd's <App>, so messages follow the theme and locale.
 */
type MessageInstance = ReturnType<typeof App.useApp>['message'];

let instance: MessageInstance | null = null;

export function bindMessage(m: MessageInstance | null): void {
  instance = m;
}

function current(): MessageInstance {
  return instance ?? (staticMessage as unknown as MessageInstance);
}

export const toast = {
  success: (content: string) => current().success(content),
  error: (content: string) => current().error(content),
  info: (content: string) => current().info(content),
  warning: (content: string) => current().warning(content),
  /** Show an API error's message (spec: "Show API error messages with message.error(err.message)"). */
  fail: (err: unknown, fallback?: string) => current().error(errorMessage(err, fallback)),
};

/** Runs a call, reports `ok` (or the server's error) and tells whether it worked. */
export async function runReported(call: () => Promise<unknown>, ok = '操作成功'): Promise<boolean> {
  try {
    await call();
    toast.success(ok);
    return true;
  } catch (err) {
    toast.fail(err);
    return false;
  }
}
