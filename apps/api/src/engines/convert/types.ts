import type { OutlineItem, TextLayer } from './text-layer.mjs';

export type { LayerSpan, OutlineItem, TextLayer } from './text-layer.mjs';

export interface ConvertLimits {
  /** input files larger than this are refused before any engine runs (bytes) */
  maxInputBytes: number;
  /** documents with more pages are refused (text extraction walks every page) */
  maxPages: number;
  /** the sentence of that refusal when the cap is not the document's size limit (the uploader's daily budget) */
  maxPagesMessage?: string;
  /** extracted text is kept up to this many UTF-8 bytes in total; later pages get '' and textTruncated is set */
  maxTextBytes: number;
  /** zip containers (docx, xlsx, pptx, odt, epub, ...): refuse above this total uncompressed size (bytes) */
  maxUnzippedBytes: number;
  /** zip containers: refuse when uncompressed/compressed exceeds this (checked once the total passes 10 MB) */
  maxZipRatio: number;
  /** plain text, CSV and UMD: refuse above this many decoded characters */
  maxTextChars: number;
  /**
   * page images are held in memory until the result is returned: stop rendering previews once their bytes (after
   * gzip when asked) pass this, with a warning; `rendered` is then shorter than min(pages, maxPreviewPages)
   */
  maxRenderedBytes: number;
  /**
   * V8 heap limit of the MuPDF worker thread (MiB); MuPDF's own WASM memory is separate, capped at 4 GiB by WASM.
   * Native mutool gets an address-space cap of max(2 GiB, 4 × this) when prlimit is installed
   */
  workerHeapMb: number;
}

export const DEFAULT_LIMITS: ConvertLimits = {
  maxInputBytes: 512 * 1024 * 1024,
  maxPages: 10_000,
  maxTextBytes: 20 * 1024 * 1024,
  maxUnzippedBytes: 500 * 1024 * 1024,
  maxZipRatio: 200,
  maxTextChars: 30 * 1024 * 1024,
  maxRenderedBytes: 512 * 1024 * 1024,
  workerHeapMb: 1024,
};

/** Where the external programs are. A name is looked up on PATH; an empty string means "not installed". */
export interface ConvertTools {
  soffice?: string;
  extractChmLib?: string;
  sevenZip?: string;
  /**
   * mutool (Debian mupdf-tools): renders PDF, XPS and LibreOffice's output natively (native.ts); '' forces the
   * MuPDF.js worker (XPS then cannot be converted)
   */
  mutool?: string;
}

export interface ConvertOptions {
  /** private temp dir for this job (caller creates & removes) */
  workDir: string;
  /** render at most this many pages (0 = all) */
  maxPreviewPages: number;
  /** also gzip the SVG bytes (ConvertedPage.svg is then gzipped) */
  gzip: boolean;
  /** for each external process (LibreOffice, CHM extraction) and, separately, for the render (mutool or the MuPDF worker) */
  timeoutMs: number;
  signal?: AbortSignal;
  /** overrides of program paths (tests use this to simulate a missing LibreOffice) */
  tools?: ConvertTools;
  limits?: Partial<ConvertLimits>;
  /** page size (points) and base font size for reflowable formats: EPUB, MOBI, FB2, TXT, CSV, UMD. Default A4, 12 pt */
  layout?: { width: number; height: number; em: number };
  /** cover PNG width in pixels (default 420) */
  coverWidth?: number;
  /**
   * called with each rendered page as soon as the worker has it, in page order (e.g. to store page 1 while the
   * rest converts); the conversion waits for returned promises and fails with the first rejection
   */
  onPage?: (page: ConvertedPage) => void | Promise<void>;
  /**
   * no page images and no cover: the rendered pages carry their size, text and layer with an empty svg, the cover is
   * empty (what the text-layer backfill of already converted documents needs)
   */
  textOnly?: boolean;
  /** reuse a warmed LibreOffice profile copied per job (default true; saves ~1 s per office conversion) */
  reuseOfficeProfile?: boolean;
}

export interface ConvertedPage {
  page: number;
  /** SVG markup, gzipped when ConvertOptions.gzip */
  svg: Buffer;
  /** page size in points */
  width: number;
  height: number;
  text: string;
  /**
   * the page's text where it is drawn, in the page image's coordinates (points from the top left): spans (MuPDF's
   * lines, or font runs of a line) with their boxes; what the reader selects, copies and finds
   */
  layer: TextLayer;
}

export interface ConvertResult {
  /** total page count of the document */
  pages: number;
  /** pages 1..min(pages, maxPreviewPages) */
  rendered: ConvertedPage[];
  /** extracted text for every page, page-numbered */
  texts: { page: number; text: string }[];
  /** true when maxTextBytes cut the extracted text short */
  textTruncated: boolean;
  /** PNG of page 1, coverWidth pixels wide */
  cover: Buffer;
  /** first page size in points */
  width: number;
  height: number;
  engine: string;
  /** document title when the format carries one (PDF info, EPUB, UMD) */
  title?: string;
  /** the document's outline (PDF bookmarks, an EPUB's table of contents, an office file's headings), flattened */
  outline: OutlineItem[];
  /** non-fatal problems: pages that failed to render, text that could not be read */
  warnings: string[];
}

export interface EngineInfo {
  name: string;
  installed: boolean;
  version: string;
  path?: string;
}
