/** Types of text-layer.mjs (plain JavaScript, so the MuPDF worker thread can load it without TypeScript). */
export interface LayerSpan {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** a line (1) or a paragraph (2) ends after this span */
  br?: 1 | 2;
  /** vertical writing */
  v?: 1;
}
export interface TextLayer {
  width: number;
  height: number;
  spans: LayerSpan[];
}
export interface OutlineItem {
  title: string;
  /** 1-based */
  page: number;
  level: number;
  /** where on the page the entry points (points from the top), when known */
  y?: number;
}
export declare function layerFromStext(page: unknown, bounds: number[]): { layer: TextLayer; text: string };
export declare function flattenOutline(
  items: unknown[] | null | undefined,
  resolve: (item: any) => { page: number; y?: number } | undefined,
  pages: number,
  max?: number,
): OutlineItem[];
