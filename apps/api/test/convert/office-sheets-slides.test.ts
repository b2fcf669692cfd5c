/**
 * Spreadsheets (xlsx, xls, et, ods) and presentations (pptx, ppt, dps, odp) through LibreOffice. The ODF files
 * are written by hand; the OOXML and binary ones are made from them by LibreOffice.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHRASE, hasSoffice, makeOdp, makeOds, sofficeConvert, writeFixture } from './fixtures.js';
import { allText, convert, expectWellFormed, tempRoot } from './helpers.js';

const tmp = tempRoot('sheets');
afterAll(() => tmp.cleanup());

describe.skipIf(!hasSoffice())('spreadsheets and presentations', () => {
  const files: Record<string, string> = {};
  beforeAll(() => {
    const profile = join(tmp.root, 'fixture-profile');
    const out = join(tmp.fixtures, 'lo');
    files.ods = writeFixture(tmp.fixtures, 'book.ods', makeOds(2));
    files.odp = writeFixture(tmp.fixtures, 'deck.odp', makeOdp(3));
    files.xlsx = sofficeConvert(files.ods, 'xlsx', out, profile);
    files.xls = sofficeConvert(files.ods, 'xls', out, profile);
    files.pptx = sofficeConvert(files.odp, 'pptx', out, profile);
    files.ppt = sofficeConvert(files.odp, 'ppt', out, profile);
    files.et = join(tmp.fixtures, 'book.et');
    copyFileSync(files.xls, files.et);
    files.dps = join(tmp.fixtures, 'deck.dps');
    copyFileSync(files.ppt, files.dps);
  });

  // one page per sheet: the phrase cell is clipped by its column, so check the other cells
  for (const ext of ['xlsx', 'xls', 'ods', 'et']) {
    it(`${ext.toUpperCase()}: one page per sheet`, async () => {
      const r = await convert(files[ext]!, ext, tmp.jobDir());
      expectWellFormed(r, { pages: 2, preview: 3 });
      expect(r.texts[0]!.text).toContain('名称');
      expect(r.texts[0]!.text).toContain('sheet 1');
      expect(r.texts[1]!.text).toContain('sheet 2');
      expect(r.texts[1]!.text).toContain('20');
    });
  }

  for (const ext of ['pptx', 'ppt', 'odp', 'dps']) {
    it(`${ext.toUpperCase()}: one page per slide, landscape`, async () => {
      const r = await convert(files[ext]!, ext, tmp.jobDir(), { maxPreviewPages: 2, gzip: true });
      expectWellFormed(r, { pages: 3, preview: 2, gzip: true });
      expect(r.width).toBeGreaterThan(r.height);
      // LibreOffice spaces digits from a CJK run (autospace); mutool 1.21 reads that gap as a space on both sides
      expect(r.texts[2]!.text).toMatch(/第\s?3\s?张幻灯片 Slide 3/);
      expect(allText(r)).toContain(PHRASE);
    });
  }
});
