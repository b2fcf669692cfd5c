import { useMemo } from 'react';
import type { TSettings } from '@wenku/contracts';
import { useSettingsQuery } from '../settings/api';
import { settingValue } from '../settings/site-config';
import { allowedExtensions, maxBytesOf } from '../upload/validate';

/** The public settings the document pages use (GET /settings), with the contract's defaults filled in. */
export interface DocumentSettings {
  creditName: string;
  pagesPerRead: number;
  indexDocumentStyle: 'card' | 'list';
  showViewCount: boolean;
  showDownloadCount: boolean;
  showFavoriteCount: boolean;
  showDescriptions: boolean;
  hideKeywordsOnLists: boolean;
  copyrightStatement: string;
  watermark: { enabled: boolean; text: string };
  enableCaptchaComment: boolean;
  enableGuestDownload: boolean;
  /** days a paid download may be repeated for free; 0: for ever */
  freeDownloadDays: number;
  maxDocumentBytes: number;
  maxDocumentMb: number;
  allowedExts: string[];
  languages: { code: string; label: string }[];
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export function toDocumentSettings(settings: Partial<TSettings> | null | undefined): DocumentSettings {
  const v = (section: Parameters<typeof settingValue>[1], name: string) => settingValue(settings, section, name);
  const sitename = String(v('system', 'sitename') ?? '').trim() || '文库';
  const perRead = Math.floor(Number(v('display', 'pages_per_read')));
  const allowed = v('security', 'document_allowed_ext');
  const maxBytes = maxBytesOf(v('security', 'max_document_size'));
  const langs = ((settings?.language ?? []) as TSettings['language']).filter((l) => l.enable !== false);
  return {
    creditName: String(v('system', 'credit_name') ?? '').trim() || '积分',
    pagesPerRead: Number.isFinite(perRead) && perRead > 0 ? perRead : 5,
    indexDocumentStyle: v('display', 'index_document_style') === 'list' ? 'list' : 'card',
    showViewCount: truthy(v('display', 'show_document_view_count')),
    showDownloadCount: truthy(v('display', 'show_document_download_count')),
    showFavoriteCount: truthy(v('display', 'show_document_favorite_count')),
    showDescriptions: truthy(v('display', 'show_document_descriptions')),
    hideKeywordsOnLists: truthy(v('display', 'hide_keywords_on_lists')),
    copyrightStatement: String(v('display', 'copyright_statement') ?? ''),
    watermark: { enabled: truthy(v('system', 'enable_watermark')), text: String(v('system', 'watermark') ?? '').trim() || sitename },
    enableCaptchaComment: truthy(v('security', 'enable_captcha_comment')),
    enableGuestDownload: truthy(v('download', 'enable_guest_download')),
    freeDownloadDays: Math.max(0, Math.floor(Number(v('download', 'free_download_duration')) || 0)),
    maxDocumentBytes: maxBytes,
    maxDocumentMb: Math.round((maxBytes / 1048576) * 100) / 100,
    allowedExts: allowedExtensions(Array.isArray(allowed) ? allowed : []),
    languages: langs.length ? langs.map((l) => ({ code: l.code, label: l.language })) : [{ code: 'zh-cn', label: '简体中文' }],
  };
}

export function useDocumentSettings(): DocumentSettings {
  const { data } = useSettingsQuery();
  return useMemo(() => toDocumentSettings(data), [data]);
}
