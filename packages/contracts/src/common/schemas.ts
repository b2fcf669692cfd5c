import { z } from 'zod';
import { ErrorCode } from './error-code';

export const ZErrorCode = z.enum(ErrorCode);

/** Error body of every failed API call. */
export const ZApiError = z.object({ code: ZErrorCode, message: z.string() });
export type TApiError = z.infer<typeof ZApiError>;

export const ZEmpty = z.object({}).strict();
export const ZOk = z.object({ ok: z.boolean() });

/** Query value that may arrive once or repeated (`?id=1&id=2`): always an array. */
export function zQueryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : Array.isArray(v)
          ? v
          : String(v)
              .split(',')
              .filter((s) => s !== ''),
    z.array(item).optional(),
  );
}
function toBool(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  const s = String(v).toLowerCase();
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  return v;
}
/** One boolean from a query string (`true`/`false`/`1`/`0`). */
export const zBoolItem = z.preprocess(toBool, z.boolean());
/** `true`/`false`/`1`/`0` from a query string. */
export const zQueryBool = z.preprocess((v) => (v === undefined || v === '' ? undefined : toBool(Array.isArray(v) ? v[0] : v)), z.boolean().optional());

/** The range of a PostgreSQL integer column: ids and counts sent by clients never leave it. */
export const INT4_MAX = 2147483647;
/** An integer from a query string or body, within PostgreSQL's integer range. */
export const zInt4 = z.coerce
  .number()
  .int()
  .min(-INT4_MAX - 1, '数值超出范围')
  .max(INT4_MAX, '数值超出范围');
/** A date (or date-time) as sent in a query: anything Date cannot read is refused. */
export const zDateString = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), '日期格式不正确');

export const zId = z.coerce.number().int().positive().max(INT4_MAX, '数值超出范围');
export const ZIdQuery = z.object({ id: zId });

/**
 * The author nested in documents, articles and comments as moredoc gives it (`user.username`, `user.avatar`):
 * public fields only — never contact details or anything from the private profile.
 */
export const ZUserBrief = z.object({ id: z.number().int(), username: z.string(), avatar: z.string() });
export type TUserBrief = z.infer<typeof ZUserBrief>;
/** The author card of a document or article page (moredoc's UserCard): the brief plus public counts and signature. */
export const ZUserCard = ZUserBrief.extend({ signature: z.string(), doc_count: z.number().int(), article_count: z.number().int() });
export type TUserCard = z.infer<typeof ZUserCard>;
export const ZIdsQuery = z.object({ id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zId).min(1, '请选择要删除的记录')) });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(10000).default(10),
  wd: z.string().trim().max(200).optional(),
  field: zQueryArray(z.string().max(64)),
  order: z.string().max(64).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const zTimestamp = z.string();
export const zNullableTimestamp = z.string().nullable();

export function zList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ total: z.number().int(), [key]: z.array(item) } as { total: z.ZodNumber } & Record<K, z.ZodArray<T>>);
}

/**
 * The update body of a create schema: every field optional and NO defaults. (zod 4 keeps applying `.default()`
 * inside `.partial()`, which would silently reset fields a partial update did not mention.)
 */
export function zPatch<T extends z.ZodObject>(base: T): ReturnType<T['partial']> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(base.shape as Record<string, z.ZodType>)) {
    let inner = field;
    while (inner instanceof z.ZodDefault) inner = inner.removeDefault() as z.ZodType;
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as ReturnType<T['partial']>;
}
export const ZIdArrayQuery = z.object({ id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zId).min(1, '请选择记录')) });
