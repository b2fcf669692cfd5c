import type { TSettings } from '@wenku/contracts/schemas';

export interface LanguageOption {
  value: string;
  label: string;
}

/** The enabled document languages (settings.language) as select options; 简体中文 alone when none is enabled. */
export function languageOptions(languages: TSettings['language']): LanguageOption[] {
  const enabled = languages.filter((l) => l.enable);
  return enabled.length ? enabled.map((l) => ({ value: l.code, label: l.language })) : [{ value: 'zh-cn', label: '简体中文' }];
}
