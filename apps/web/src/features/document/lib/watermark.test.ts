import { describe, expect, it } from 'vitest';
import { textWidth, watermarkText, watermarkTile } from './watermark';

describe('watermarkTile', () => {
  it('is null without text', () => {
    expect(watermarkTile('')).toBeNull();
    expect(watermarkTile('   ')).toBeNull();
  });

  it('draws the text twice, rotated, offset by half a tile so repeats run diagonally', () => {
    const tile = watermarkTile('文库 user01', { fontSize: 16, angle: -30, gapX: 100, gapY: 100 })!;
    expect(tile.svg.match(/<text /g)).toHaveLength(2);
    expect(tile.svg).toContain('rotate(-30');
    expect(tile.svg).toContain(`x="${tile.width / 4}" y="${tile.height / 4}"`);
    expect(tile.svg).toContain(`x="${(tile.width * 3) / 4}" y="${(tile.height * 3) / 4}"`);
    expect(tile.dataUrl.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(tile.dataUrl.split(',')[1])).toBe(tile.svg);
  });

  it('grows with the text and the gaps', () => {
    const short = watermarkTile('文库')!;
    const long = watermarkTile('文库文库文库文库')!;
    expect(long.width).toBeGreaterThan(short.width);
    expect(long.height).toBeGreaterThan(short.height);
    const wide = watermarkTile('文库', { gapX: 300 })!;
    expect(wide.width - short.width).toBe(300 - 90);
  });

  it('keeps the tile geometry: rotated text box plus gap', () => {
    const t = watermarkTile('ABCDEFGHIJ', { fontSize: 10, angle: 0, gapX: 10, gapY: 10 })!;
    // 10 latin chars at 0.6 em = 60 px; unrotated box 60 x 10
    expect(t.width).toBe(70);
    expect(t.height).toBe(40);
  });

  it('escapes the text so it cannot break out of the SVG', () => {
    const t = watermarkTile('<script>&"\'')!;
    expect(t.svg).not.toContain('<script>');
    expect(t.svg).toContain('&lt;script&gt;&amp;&quot;&#39;');
  });
});

describe('watermarkText', () => {
  it('is the configured text, else the site name, and nothing when the watermark is off', () => {
    expect(watermarkText({ enable_watermark: false, watermark: '内部资料', sitename: '魔豆' })).toBeUndefined();
    expect(watermarkText({ enable_watermark: true, watermark: '内部资料', sitename: '魔豆' })).toBe('内部资料');
    expect(watermarkText({ enable_watermark: true, watermark: '  ', sitename: '魔豆' })).toBe('魔豆');
    expect(watermarkText({ enable_watermark: true, watermark: '', sitename: '' })).toBe('文库');
  });
});

describe('helpers', () => {
  it('measures CJK as one em and latin as 0.6 em', () => {
    expect(textWidth('文库', 10)).toBe(20);
    expect(textWidth('ab', 10)).toBe(12);
    expect(textWidth('ａ', 10)).toBe(10);
  });
});
