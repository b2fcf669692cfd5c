/**
 * The document conversion engine: file in → pages out (SVG per page, text per page, a cover PNG). No database,
 * no HTTP. See README.md beside this file for the routes, limits and system packages.
 */
export { convertDocument, sniffFile } from './convert.js';
export { detectEngines } from './detect.js';
export { ConvertError, CONVERT_ERROR_MESSAGES, isConvertError, type ConvertErrorCode } from './errors.js';
export {
  EXTENSION_ROUTES,
  SUPPORTED_EXTENSIONS,
  isExtCompatible,
  looksLikeText,
  normalizeExt,
  sniffType,
  type Route,
  type SniffKind,
  type SniffResult,
} from './sniff.js';
export { detectEncoding, decodeText } from './text.js';
export { parseUmd, type UmdBook } from './umd.js';
export {
  DEFAULT_LIMITS,
  type ConvertLimits,
  type ConvertOptions,
  type ConvertResult,
  type ConvertTools,
  type ConvertedPage,
  type EngineInfo,
  type LayerSpan,
  type OutlineItem,
  type TextLayer,
} from './types.js';
export { layerFromStext } from './text-layer.mjs';
