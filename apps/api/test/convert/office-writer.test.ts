/**
 * Word-processor formats through LibreOffice (docx, doc, wps, odt, rtf), CHM (extract → HTML → LibreOffice),
 * and LibreOffice's failure modes: missing, time-out (process group killed), abort, encrypted input.
 * Skipped as a whole where LibreOffice is not installed (CI installs it).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertError } from '../../src/engines/convert/index.js';
import { PHRASE, hasCommand, hasSoffice, makeDocx, makeEncryptedOoxml, makeOdt, makeRtf, makeSampleChm, sofficeConvert, writeFixture } from './fixtures.js';
import { allText, convert, expectWellFormed, processesMentioning, tempRoot } from './helpers.js';

const tmp = tempRoot('writer');
afterAll(() => tmp.cleanup());
const soffice = hasSoffice();

describe.skipIf(!soffice)('word processing formats', () => {
  const files: Record<string, string> = {};
  beforeAll(async () => {
    files.docx = writeFixture(tmp.fixtures, 'report.docx', await makeDocx(3));
    files.odt = writeFixture(tmp.fixtures, 'report.odt', makeOdt(3));
    files.rtf = writeFixture(tmp.fixtures, 'report.rtf', makeRtf(2));
    // Word 97 binary, made by LibreOffice from the ODT; Kingsoft's .wps is the same format under another name
    files.doc = sofficeConvert(files.odt, 'doc', join(tmp.fixtures, 'lo'), join(tmp.root, 'fixture-profile'));
    files.wps = join(tmp.fixtures, 'report.wps');
    copyFileSync(files.doc, files.wps);
  });

  it('DOCX: pages, Chinese text, preview and cover', async () => {
    const r = await convert(files.docx!, 'docx', tmp.jobDir(), { maxPreviewPages: 2, gzip: true });
    expectWellFormed(r, { pages: 3, preview: 2, gzip: true });
    expect(r.engine).toMatch(/^libreoffice \d+\.\d+.* \+ (mupdf\.js|mutool) \d/);
    expect(r.texts[0]!.text).toContain(PHRASE);
    expect(r.texts[2]!.text).toContain('Page 3');
    expect(Math.round(r.width)).toBe(595); // A4 from the docx section
  });

  it('DOC (Word 97)', async () => {
    const r = await convert(files.doc!, 'doc', tmp.jobDir());
    expectWellFormed(r, { pages: 3, preview: 3 });
    expect(allText(r)).toContain(PHRASE);
  });

  it('WPS (Kingsoft, Word-97 bytes)', async () => {
    const r = await convert(files.wps!, 'wps', tmp.jobDir(), { maxPreviewPages: 1 });
    expectWellFormed(r, { pages: 3, preview: 1 });
    expect(allText(r)).toContain(PHRASE);
  });

  it('ODT', async () => {
    const r = await convert(files.odt!, 'odt', tmp.jobDir());
    expectWellFormed(r, { pages: 3, preview: 3 });
    expect(r.texts[1]!.text).toContain(PHRASE);
  });

  it('RTF', async () => {
    const r = await convert(files.rtf!, 'rtf', tmp.jobDir());
    expectWellFormed(r, { pages: 2, preview: 3 });
    expect(r.texts[1]!.text).toContain(PHRASE);
  });

  it('a fresh LibreOffice profile per job works too (no shared template)', async () => {
    const r = await convert(files.rtf!, 'rtf', tmp.jobDir(), { reuseOfficeProfile: false });
    expect(r.pages).toBe(2);
  });

  it('a missing LibreOffice is engine_missing', async () => {
    const err = await convert(files.docx!, 'docx', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConvertError);
    expect(err).toMatchObject({ code: 'engine_missing' });
    expect((err as Error).message).toContain('LibreOffice');
  });

  it('time-out kills LibreOffice and everything it started', async () => {
    const workDir = tmp.jobDir();
    const err = await convert(files.docx!, 'docx', workDir, { timeoutMs: 400, reuseOfficeProfile: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'timeout' });
    await new Promise((r) => setTimeout(r, 300));
    expect(processesMentioning(workDir)).toEqual([]);
  });

  it('abort kills LibreOffice too', async () => {
    const workDir = tmp.jobDir();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const err = await convert(files.docx!, 'docx', workDir, { signal: ac.signal, reuseOfficeProfile: false }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.name).toBe('AbortError');
    await new Promise((r) => setTimeout(r, 300));
    expect(processesMentioning(workDir)).toEqual([]);
  });

  it('a password-protected DOCX (OLE EncryptedPackage) is encrypted, without running LibreOffice', async () => {
    const p = writeFixture(tmp.fixtures, 'locked.docx', makeEncryptedOoxml());
    await expect(convert(p, 'docx', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } })).rejects.toMatchObject({
      code: 'encrypted',
      message: '文档已加密，无法转换',
    });
  });

  it('bytes LibreOffice cannot read are corrupt', async () => {
    const p = writeFixture(tmp.fixtures, 'broken.docx', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2000, 0x41)]));
    await expect(convert(p, 'docx', tmp.jobDir())).rejects.toMatchObject({ code: 'corrupt' });
  });
});

const chmTools = { extract: hasCommand('extract_chmLib'), sevenZip: hasCommand('7z') };

describe.skipIf(!soffice)('CHM', () => {
  let chm = '';
  beforeAll(() => {
    mkdirSync(tmp.fixtures, { recursive: true });
    chm = writeFixture(tmp.fixtures, 'help.chm', makeSampleChm());
  });

  const check = async (tools: Record<string, string>, engine: RegExp) => {
    const r = await convert(chm, 'chm', tmp.jobDir(), { maxPreviewPages: 0, tools });
    expectWellFormed(r, { pages: 3, preview: 0 });
    expect(r.engine).toMatch(engine);
    // table-of-contents order (intro, b, a), not file order (a, b, intro); the GB2312 page decoded
    expect(r.texts[0]!.text).toContain('简介 Intro');
    expect(r.texts[0]!.text).toContain(PHRASE);
    expect(r.texts[1]!.text).toContain(`${PHRASE}（GB2312 编码页面）`);
    expect(r.texts[2]!.text).toContain('Chapter A comes last in the TOC.');
    expect(allText(r)).not.toContain('alert(1)');
    expect(r.title).toBe('简介');
  };

  it.skipIf(!chmTools.extract)('extract_chmLib', () => check({}, /^extract_chmLib \+ libreoffice/));
  it.skipIf(!chmTools.sevenZip)('7z', () => check({ extractChmLib: '/nonexistent/extract_chmLib', sevenZip: '7z' }, /^7z \+ libreoffice/));

  it.skipIf(!chmTools.extract && !chmTools.sevenZip)('unpacking past the size limit is too_large', async () => {
    await expect(convert(chm, 'chm', tmp.jobDir(), { limits: { maxUnzippedBytes: 1000 } })).rejects.toMatchObject({ code: 'too_large' });
  });

  it('no extractor is engine_missing', async () => {
    await expect(convert(chm, 'chm', tmp.jobDir(), { tools: { extractChmLib: '/nonexistent/a', sevenZip: '/nonexistent/b' } })).rejects.toMatchObject({
      code: 'engine_missing',
    });
  });

  it.skipIf(!chmTools.extract && !chmTools.sevenZip)('a CHM that is not one is corrupt', async () => {
    const p = writeFixture(tmp.fixtures, 'bad.chm', Buffer.concat([Buffer.from('ITSF'), Buffer.alloc(500, 7)]));
    await expect(convert(p, 'chm', tmp.jobDir())).rejects.toMatchObject({ code: 'corrupt' });
  });
});
