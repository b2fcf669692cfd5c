export type TEnumValue = string | number;

/** antd Badge status names, used by ProTable `valueEnum` to colour a status cell. */
export type TBadgeStatus = 'Success' | 'Error' | 'Processing' | 'Warning' | 'Default';

/** One choice of an enum, as shown in selects, tags and table filters. */
export interface TEnumOption<V extends TEnumValue = TEnumValue> {
  readonly value: V;
  readonly label: string;
  readonly status?: TBadgeStatus;
}

export type TValueEnum<V extends TEnumValue> = Record<V, { text: string; status?: TBadgeStatus }>;

/** ProTable / ProForm `valueEnum` built from an option list: `{ [value]: { text, status? } }`. */
export function toValueEnum<V extends TEnumValue>(options: readonly TEnumOption<V>[]): TValueEnum<V> {
  const out = {} as TValueEnum<V>;
  for (const o of options) out[o.value] = o.status ? { text: o.label, status: o.status } : { text: o.label };
  return out;
}

/** Label of a value, or `fallback` (default: the value itself) for an unknown value. */
export function labelOf<V extends TEnumValue>(options: readonly TEnumOption<V>[], value: unknown, fallback?: string): string {
  const hit = options.find((o) => o.value === value);
  if (hit) return hit.label;
  return fallback ?? (value === undefined || value === null ? '' : String(value));
}

/** Values of an option list, in order. */
export function valuesOf<V extends TEnumValue>(options: readonly TEnumOption<V>[]): V[] {
  return options.map((o) => o.value);
}
