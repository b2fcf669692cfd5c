// The native render path (see native.ts): run by `mutool run mutool-render.js <args>`, i.e. by MuJS inside the
// mutool executable of Debian's mupdf-tools (MuPDF 1.21). MuJS is ES5 and this is MuPDF's old scripting API
// (new Document(path), page.bound(), DocumentWriter to files), not MuPDF.js: no modules, no let/const, no arrows.
// It does the whole job of mupdf-worker.mjs for one PDF (or XPS) in one process and leaves the bytes in files:
//   s<g>-<k>.svg   page images (one SVG writer for the document; its own counter names the files)
//   l<n>.json      structured text of preview page n (MuPDF's stext JSON: blocks, lines, boxes): the page's text
//                  layer, and its text too (text-layer.mjs reads both from it, one pass over the page)
//   text.txt       text of every other page, one writer for the document, each page followed by a marker
//                  "<nonce>p<n>e": a file per page costs ~0.3 ms to create, which on a long document costs more
//                  than the text itself (MuJS has no in-memory text: StructuredText has no asText in MuPDF 1.21, and
//                  walk() calls back per character)
//   cover.png      page 1, coverWidth pixels wide
// Text is MuPDF's text writer output: the layout of StructuredText.asText in MuPDF.js (a blank line between blocks).
// Preview pages' stext JSON costs no more than the text writer (it is the same structured text, written as JSON),
// so those pages are extracted once, as JSON, and their text is read from it.
// It reports on stdout, one JSON line per event, as soon as each is on disk (stdout is line-buffered by stdbuf):
//   {"t":"doc","pages":N,"title":"…"}
//   {"t":"outline","items":[{"title":"…","page":0,"y":72,"down":[…]}]}   pages 0-based (only when there is one)
//   {"t":"page","n":1,"b":[x0,y0,x1,y1],"svg":"s0-1.svg","txt":1,"warn":["…"]}
//      svg absent when no image was made; txt 1 = in l<n>.json, 2 = in text.txt, absent = no text
//   {"t":"pages","list":[{"n":…}, …]}   up to 256 pages with no file of their own (their text is in text.txt):
//      a line each would cost more than the page (stdout is flushed per line)
//   {"t":"cover"}  {"t":"end"}  or  {"t":"error","reason":"encrypted|open|empty|pages|page1|size|render1|memory|other","detail":"…"}
// Chinese messages, text cleaning, gzip and the byte budgets are the Node side's business.
//
// args: input kind(pdf|xps) outDir maxPreviewPages(0 = all) coverWidth maxPages layers(0|1) nonce [images(1|0)]
// images 0: no page images and no cover, only text, layers and the outline (the text-layer backfill)
var input = scriptArgs[0];
var kind = scriptArgs[1];
var out = scriptArgs[2];
var previewLimit = Number(scriptArgs[3]) > 0 ? Number(scriptArgs[3]) : Infinity;
var coverWidth = Number(scriptArgs[4]);
var maxPages = Number(scriptArgs[5]);
// 1: preview pages get their structured text (l<n>.json); 0: all text goes to text.txt
var layers = scriptArgs[6] === '1';
var nonce = scriptArgs[7];
var images = scriptArgs[8] !== '0';

// MuPDF's allocation failures ("malloc of N bytes failed") under the address-space cap of prlimit
var OOM = /malloc|out of memory|cannot allocate|memory exhausted/i;

function Fail(reason, detail) {
  this.reason = reason;
  this.detail = detail;
}

function errText(e) {
  return e && e.message !== undefined ? String(e.message) : String(e);
}

// MuJS keeps text from MuPDF as UTF-8 (characters outside the BMP included), so the lines are UTF-8 as they are
function emit(o) {
  print(JSON.stringify(o));
}

function round(n) {
  return Math.round(n * 100) / 100;
}

// a page error that is really the memory cap ends the job: the document is too large for this server
function pageError(e) {
  if (OOM.test(errText(e))) throw new Fail('memory', errText(e));
}

function run() {
  var doc;
  try {
    // PDFDocument opens by content whatever the file is called; XPS goes by its extension (native.ts sees to it)
    doc = kind === 'pdf' ? new PDFDocument(input) : new Document(input);
  } catch (e) {
    pageError(e);
    throw new Fail('open', errText(e));
  }
  if (doc.needsPassword()) throw new Fail('encrypted');
  var count;
  try {
    count = doc.countPages();
  } catch (e) {
    pageError(e);
    throw new Fail('open', errText(e));
  }
  if (!(count > 0)) throw new Fail('empty');
  if (count > maxPages) throw new Fail('pages', count + ' pages');
  var title = '';
  try {
    title = doc.getMetaData('info:Title') || '';
  } catch (e) {
    /* no metadata */
  }
  emit({ t: 'doc', pages: count, title: title });
  var outline = readOutline(doc);
  if (outline && outline.length > 0) emit({ t: 'outline', items: outline });

  // one SVG writer for all preview pages: it names its files by its own page counter. A writer left in a bad
  // state by a failing page is dropped and a new generation (s1-…, s2-…) takes over
  var gen = 0;
  var writer = null;
  var written = 0;
  // the document's text writer (text.txt): once a page's text goes there, every later page's does too
  var docText = null;
  var marker = null;
  var batch = [];
  function flush() {
    if (batch.length > 0) emit({ t: 'pages', list: batch });
    batch = [];
  }

  for (var i = 0; i < count; i++) {
    var n = i + 1;
    var rec = { t: 'page', n: n };
    var warn = [];
    var page;
    try {
      page = doc.loadPage(i);
    } catch (e) {
      pageError(e);
      if (i === 0) throw new Fail('page1', errText(e));
      rec.warn = ['page ' + n + ': ' + errText(e)];
      batch.push(rec);
      if (batch.length >= 256) flush();
      continue;
    }
    var b = page.bound();
    rec.b = [b[0], b[1], b[2], b[3]];
    var w = round(b[2] - b[0]);
    var h = round(b[3] - b[1]);
    if (i === 0 && !(w > 0 && h > 0)) throw new Fail('size', 'page 1 bounds ' + b);

    var preview = i < previewLimit && !stopped();
    if (preview && images) {
      try {
        if (!writer) {
          writer = new DocumentWriter(out + '/s' + gen + '-%d.svg', 'svg', '');
          written = 0;
        }
        var dev = writer.beginPage(b);
        written++;
        var name = 's' + gen + '-' + written + '.svg';
        try {
          page.run(dev, Identity);
        } finally {
          writer.endPage(dev);
        }
        rec.svg = name;
      } catch (e) {
        pageError(e);
        if (i === 0) throw new Fail('render1', errText(e));
        warn.push('page ' + n + ' svg: ' + errText(e));
        writer = null;
        gen++;
      }
    }

    if (layers && preview && !docText) {
      try {
        var tw = new DocumentWriter(out + '/l' + n + '.json', 'stext.json', 'preserve-whitespace');
        var tdev = tw.beginPage(b);
        try {
          page.run(tdev, Identity);
        } finally {
          tw.endPage(tdev);
          tw.close();
        }
        rec.txt = 1;
      } catch (e) {
        pageError(e);
        warn.push('page ' + n + ' text: ' + errText(e));
      }
    } else {
      if (!docText) {
        docText = new DocumentWriter(out + '/text.txt', 'text', 'preserve-whitespace');
        marker = new Font('Helvetica');
      }
      var ddev = docText.beginPage(b);
      try {
        page.run(ddev, Identity);
        rec.txt = 2;
      } catch (e) {
        pageError(e);
        warn.push('page ' + n + ' text: ' + errText(e));
      }
      // the marker is the last text drawn, so it ends the page's text whatever the layout; 1 pt, bottom left
      var m = new Text();
      m.showString(marker, [1, 0, 0, -1, b[0], b[3] - 1], nonce + 'p' + n + 'e');
      ddev.fillText(m, Identity, DeviceGray, [0], 1);
      docText.endPage(ddev);
    }

    if (warn.length > 0) rec.warn = warn;
    if (rec.svg || rec.txt === 1) {
      flush();
      emit(rec);
    } else {
      delete rec.t;
      batch.push(rec);
      if (batch.length >= 256) flush();
    }

    if (i === 0 && images) {
      // cover: coverWidth pixels wide (MuPDF rounds the pixel box outwards, hence the half pixel), height capped
      // at 4x for very tall pages — the rule of mupdf-worker.mjs, on the rounded page size
      var scale = Math.min((coverWidth - 0.5) / w, (coverWidth * 4) / h);
      try {
        var pix = page.toPixmap(Scale(scale, scale), DeviceRGB, false, true);
        pix.saveAsPNG(out + '/cover.png');
      } catch (e) {
        pageError(e);
        throw new Fail('render1', 'cover: ' + errText(e));
      }
      emit({ t: 'cover' });
    }
  }
  flush();
  if (writer) writer.close();
  if (docText) docText.close();
  emit({ t: 'end' });
}

// The outline (bookmarks) with each entry's page resolved (0-based) and where on it, nested as MuPDF gives it. An
// entry that cannot be resolved keeps page -1 (the Node side leaves it out); a document without one gives null.
function readOutline(doc) {
  var items;
  try {
    items = doc.loadOutline();
  } catch (e) {
    return null;
  }
  function walk(list, depth) {
    var outList = [];
    for (var i = 0; i < list.length && i < 2000; i++) {
      var it = list[i];
      var o = { title: String(it.title || ''), page: -1 };
      try {
        var dest = doc.resolveLink(it.uri);
        if (dest && typeof dest.page === 'number') o.page = dest.page;
        if (dest && typeof dest.y === 'number' && isFinite(dest.y)) o.y = dest.y;
      } catch (e) {
        /* an external link, or a destination that is not there */
      }
      if (it.down && depth < 8) o.down = walk(it.down, depth + 1);
      outList.push(o);
    }
    return outList;
  }
  return items ? walk(items, 1) : null;
}

// the Node side creates this file once the page images pass its byte budget: no more previews after that
var stopPath = out + '/stop';
var stopSeen = false;
function stopped() {
  if (stopSeen) return true;
  try {
    read(stopPath);
    stopSeen = true;
  } catch (e) {
    /* not there: go on */
  }
  return stopSeen;
}

try {
  run();
} catch (e) {
  if (e instanceof Fail) emit({ t: 'error', reason: e.reason, detail: e.detail });
  else emit({ t: 'error', reason: OOM.test(errText(e)) ? 'memory' : 'other', detail: errText(e) });
}
