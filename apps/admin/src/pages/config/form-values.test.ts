import { describe, expect, it } from 'vitest';
import { SECRET_MASK, type TConfigItem } from '@wenku/contracts';
import { formValuesToConfig, fromFormValue, isWideInput, itemsToFormValues, secretValue, toFormValue } from './form-values';

function item(name: string, input_type: string, value: TConfigItem['value'], extra: Partial<TConfigItem> = {}): TConfigItem {
  return {
    id: 1,
    category: 'system',
    name,
    label: name,
    value,
    input_type,
    placeholder: '',
    options: '',
    option_list: [],
    is_secret: false,
    sort: 0,
    ...extra,
  };
}

const items: TConfigItem[] = [
  item('sitename', 'text', '文库'),
  item('description', 'textarea', '一个文档站'),
  item('copyright_start_year', 'number', 2024),
  item('enable_powered_by', 'switch', true),
  item('index_document_style', 'select', 'card'),
  item('document_allowed_ext', 'select-multi', ['pdf', 'doc']),
  item('recommend_words', 'tags', ['论文', '报告']),
  item('secret_key', 'password', SECRET_MASK, { is_secret: true }),
  item('empty_secret', 'password', '', { is_secret: true }),
  item('logo', 'image', '/uploads/logo.png'),
  item('copyright_statement', 'html', '<p>版权</p>'),
];

describe('config items → form values', () => {
  it('maps each input type to its form value', () => {
    expect(itemsToFormValues(items)).toEqual({
      sitename: '文库',
      description: '一个文档站',
      copyright_start_year: 2024,
      enable_powered_by: true,
      index_document_style: 'card',
      document_allowed_ext: ['pdf', 'doc'],
      recommend_words: ['论文', '报告'],
      secret_key: SECRET_MASK,
      empty_secret: '',
      logo: '/uploads/logo.png',
      copyright_statement: '<p>版权</p>',
    });
  });

  it('tolerates loosely typed values', () => {
    expect(toFormValue(item('a', 'switch', 'true'))).toBe(true);
    expect(toFormValue(item('a', 'switch', 'false'))).toBe(false);
    expect(toFormValue(item('a', 'number', '12'))).toBe(12);
    expect(toFormValue(item('a', 'number', ''))).toBeUndefined();
    expect(toFormValue(item('a', 'select-multi', 'pdf,doc'))).toEqual(['pdf', 'doc']);
    expect(toFormValue(item('a', 'select-multi', ''))).toEqual([]);
    // tags stored as comma text before they became a list
    expect(toFormValue(item('a', 'tags', '论文， 报告,教案'))).toEqual(['论文', '报告', '教案']);
    expect(toFormValue(item('a', 'text', 3))).toBe('3');
  });
});

describe('the ****** secret rule', () => {
  it('sends an untouched secret back as ****** so the server keeps it', () => {
    const s = items.find((i) => i.name === 'secret_key')!;
    expect(fromFormValue(s, SECRET_MASK)).toBe(SECRET_MASK);
    expect(fromFormValue(s, undefined)).toBe(SECRET_MASK);
    expect(secretValue(SECRET_MASK, undefined)).toBe(SECRET_MASK);
  });

  it('sends a changed secret as typed', () => {
    const s = items.find((i) => i.name === 'secret_key')!;
    expect(fromFormValue(s, 'new-key')).toBe('new-key');
    expect(fromFormValue(s, '')).toBe('');
  });

  it('leaves an unset secret empty', () => {
    const s = items.find((i) => i.name === 'empty_secret')!;
    expect(fromFormValue(s, undefined)).toBe('');
    expect(fromFormValue(s, 'abc')).toBe('abc');
  });
});

describe('form values → PUT /config body', () => {
  it('round-trips unchanged values, secrets included', () => {
    const body = formValuesToConfig('system', items, itemsToFormValues(items));
    expect(body).toEqual(items.map((i) => ({ category: 'system', name: i.name, value: i.value })));
  });

  it('types the edited values', () => {
    const values = { ...itemsToFormValues(items), copyright_start_year: '2020', enable_powered_by: false, document_allowed_ext: [], sitename: '新名称' };
    const body = Object.fromEntries(formValuesToConfig('system', items, values).map((c) => [c.name, c.value]));
    expect(body.copyright_start_year).toBe(2020);
    expect(body.enable_powered_by).toBe(false);
    expect(body.document_allowed_ext).toEqual([]);
    expect(body.sitename).toBe('新名称');
    expect(body.recommend_words).toEqual(['论文', '报告']);
    expect(body.secret_key).toBe(SECRET_MASK);
  });

  it('sends tags as a list, pasted comma text split into words', () => {
    const tags = items.find((i) => i.name === 'recommend_words')!;
    expect(fromFormValue(tags, ['论文', '教案'])).toEqual(['论文', '教案']);
    expect(fromFormValue(tags, '论文,教案， 报告')).toEqual(['论文', '教案', '报告']);
    expect(fromFormValue(tags, undefined)).toEqual([]);
  });

  it('sends an emptied number as 0 and only items of the section', () => {
    const mixed = [...items, item('other', 'text', 'x', { category: 'footer' })];
    const body = formValuesToConfig('system', mixed, { ...itemsToFormValues(items), copyright_start_year: null });
    expect(body.find((c) => c.name === 'copyright_start_year')!.value).toBe(0);
    expect(body.some((c) => c.name === 'other')).toBe(false);
    expect(body.every((c) => c.category === 'system')).toBe(true);
  });
});

describe('layout', () => {
  it('gives long inputs a full row', () => {
    expect(isWideInput('textarea')).toBe(true);
    expect(isWideInput('html')).toBe(true);
    expect(isWideInput('select-multi')).toBe(true);
    expect(isWideInput('image')).toBe(false);
    expect(isWideInput('switch')).toBe(false);
    expect(isWideInput('text')).toBe(false);
  });
});
