import { escapeHtml } from '@wenku/contracts/format';
import type { TConfig } from '@wenku/contracts/schemas';
import { siteName } from '../../settings/lib';

/** The document page's watermark text: the configured text, else the site name; undefined when the watermark is off. */
export function watermarkText(system: Pick<TConfig<'system'>, 'enable_watermark' | 'watermark' | 'sitename'>): string | undefined {
  if (!system.enable_watermark) return undefined;
  return system.watermark.trim() || siteName(system);
}

export interface WatermarkOptions {
  fontSize?: number;
  /** degrees; negative tilts the text up to the right */
  angle?: number;
  color?: string;
  /** space between repeats, px */
  gapX?: number;
  gapY?: number;
}

export interface WatermarkTile {
  width: number;
  height: number;
  svg: string;
  /** for `background-image: url(...)` */
  dataUrl: string;
}

/** Rough rendered width of a line: CJK and full-width characters are one em, others about 0.6 em. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text)
    em += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(ch) ? 1 : 0.6;
  return Math.ceil(em * fontSize);
}

/**
 * One repeating tile of the watermark: the text twice, rotated, the second copy shifted half a tile so the repeats form
 * diagonal rows. Null when there is no text.
 */
export function watermarkTile(text: string, opts: WatermarkOptions = {}): WatermarkTile | null {
  const label = text.replace(/\s+/g, ' ').trim().slice(0, 64);
  if (!label) return null;
  const { fontSize = 16, angle = -28, color = 'rgba(0,0,0,0.09)', gapX = 90, gapY = 110 } = opts;
  const w = textWidth(label, fontSize);
  const rad = (Math.abs(angle) * Math.PI) / 180;
  // the rotated text's bounding box
  const boxW = Math.ceil(w * Math.cos(rad) + fontSize * Math.sin(rad));
  const boxH = Math.ceil(w * Math.sin(rad) + fontSize * Math.cos(rad));
  const width = boxW + gapX;
  const height = (boxH + gapY) * 2;
  const t = escapeHtml(label);
  const text1 = `<text x="${width / 4}" y="${height / 4}" transform="rotate(${angle} ${width / 4} ${height / 4})">${t}</text>`;
  const text2 = `<text x="${(width * 3) / 4}" y="${(height * 3) / 4}" transform="rotate(${angle} ${(width * 3) / 4} ${(height * 3) / 4})">${t}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g fill="${escapeHtml(color)}" font-size="${fontSize}" font-family="sans-serif" text-anchor="middle" dominant-baseline="middle">${text1}${text2}</g></svg>`;
  return { width, height, svg, dataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}
