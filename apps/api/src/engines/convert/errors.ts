export type ConvertErrorCode = 'unsupported' | 'engine_missing' | 'corrupt' | 'encrypted' | 'timeout' | 'too_large' | 'empty';

/** Default Chinese messages, written for the person who uploaded the document. */
export const CONVERT_ERROR_MESSAGES: Record<ConvertErrorCode, string> = {
  unsupported: '不支持的文档格式',
  engine_missing: '服务器未安装转换程序，无法转换该文档',
  corrupt: '文档已损坏，无法打开',
  encrypted: '文档已加密，无法转换',
  timeout: '文档转换超时',
  too_large: '文档过大，无法转换',
  empty: '文档没有内容',
};

/**
 * A conversion failure the caller can show: `.message` is Chinese and safe to store in the document's error
 * text; `.detail` carries the technical reason (engine output, exception text) for logs only.
 */
export class ConvertError extends Error {
  readonly code: ConvertErrorCode;
  readonly detail?: string;
  constructor(code: ConvertErrorCode, message?: string, detail?: string) {
    super(message ?? CONVERT_ERROR_MESSAGES[code]);
    this.name = 'ConvertError';
    this.code = code;
    this.detail = detail;
  }
}

export const isConvertError = (e: unknown): e is ConvertError => e instanceof ConvertError;

/** The error an aborted conversion rejects with (the signal's reason when it is an Error). */
export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('转换已取消');
  e.name = 'AbortError';
  return e;
}
