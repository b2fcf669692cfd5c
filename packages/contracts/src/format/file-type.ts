import { FILE_TYPE_EXTS, type TFileType } from '../enums/file-type';

const TYPE_BY_EXT: ReadonlyMap<string, TFileType> = new Map(
  Object.entries(FILE_TYPE_EXTS).flatMap(([type, exts]) => exts.map((ext) => [ext, type as TFileType] as const)),
);

/**
 * Lower-case extension without the dot: 'x.DOCX' → 'docx', '.docx' → 'docx', 'docx' → 'docx'.
 * A name without a dot is taken to be the extension itself.
 */
export function extOf(extOrFilename: string): string {
  const s = extOrFilename.trim();
  return s.slice(s.lastIndexOf('.') + 1).toLowerCase();
}

/** File type of an extension or file name (spec §3), case-insensitive; unknown extensions are 'other'. */
export function fileTypeOfExt(extOrFilename: string | null | undefined): TFileType {
  if (!extOrFilename) return 'other';
  return TYPE_BY_EXT.get(extOf(extOrFilename)) ?? 'other';
}
