import { SECRET_MASK, type TConfigItem } from '@wenku/contracts';

/** A config value as the API carries it. */
export type ConfigValue = string | number | boolean | string[];
export type ConfigFormValues = Record<string, unknown>;
export interface ConfigUpdate {
  category: string;
  name: string;
  value: ConfigValue;
}

type Item = Pick<TConfigItem, 'category' | 'name' | 'value' | 'input_type' | 'is_secret'>;

function asBool(v: unknown): boolean {
  return v === true || v === 1 || v === 'true' || v === '1';
}

function asList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).filter((s) => s !== '');
  if (v === undefined || v === null) return [];
  return String(v)
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function asText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.join(',') : String(v);
}

/** Value shown in the form for one item (switch → boolean, number → number, select-multi and tags → string[]). */
export function toFormValue(item: Item): unknown {
  switch (item.input_type) {
    case 'switch':
      return asBool(item.value);
    case 'number': {
      if (item.value === '' || item.value === null || item.value === undefined) return undefined;
      const n = typeof item.value === 'number' ? item.value : Number(item.value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'select-multi':
    case 'tags':
      return asList(item.value);
    default:
      return asText(item.value);
  }
}

export function itemsToFormValues(items: readonly Item[]): ConfigFormValues {
  return Object.fromEntries(items.map((item) => [item.name, toFormValue(item)]));
}

function isSecret(item: Item): boolean {
  return item.is_secret || item.input_type === 'password';
}

/**
 * A secret is loaded as ****** (or '' when unset). Left as it came, it is sent back unchanged, which
 * the API reads as "keep the stored secret"; anything typed instead (even clearing it) replaces it.
 */
export function secretValue(original: unknown, edited: unknown): string {
  const before = asText(original);
  if (edited === undefined || edited === null) return before;
  return String(edited);
}

/** Value sent to PUT /config for one item. */
export function fromFormValue(item: Item, edited: unknown): ConfigValue {
  if (isSecret(item)) return secretValue(item.value, edited);
  switch (item.input_type) {
    case 'switch':
      return asBool(edited);
    case 'number': {
      if (edited === '' || edited === null || edited === undefined) return 0;
      const n = typeof edited === 'number' ? edited : Number(edited);
      return Number.isFinite(n) ? n : 0;
    }
    case 'select-multi':
    case 'tags':
      return asList(edited);
    default:
      return asText(edited);
  }
}

/** The body of PUT /config for a section: every item of the section with its form value. */
export function formValuesToConfig(category: string, items: readonly Item[], values: ConfigFormValues): ConfigUpdate[] {
  return items.filter((item) => item.category === category).map((item) => ({ category, name: item.name, value: fromFormValue(item, values[item.name]) }));
}

/** Wide inputs take the whole row in the config form; short ones (and images) sit two per row. */
export function isWideInput(inputType: string): boolean {
  return inputType === 'textarea' || inputType === 'html' || inputType === 'select-multi' || inputType === 'tags';
}

export { SECRET_MASK };
