import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { markdownTokens } from '@wenku/ui/markdown';

type Token = ReturnType<typeof markdownTokens>[number];

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const MONO = 'Consolas';

/** Runs of an inline token list: bold, italic, strike, code, links, formulas (as their TeX, in a math font). */
function runs(children: Token[] | null): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let bold = false;
  let italics = false;
  let strike = false;
  let link: { href: string; parts: TextRun[] } | null = null;
  const add = (r: TextRun) => (link ? link.parts.push(r) : out.push(r));
  for (const t of children ?? []) {
    switch (t.type) {
      case 'text':
        add(new TextRun({ text: t.content, bold, italics, strike, style: link ? 'Hyperlink' : undefined }));
        break;
      case 'code_inline':
        add(new TextRun({ text: t.content, font: MONO, shading: { type: ShadingType.CLEAR, fill: 'F2F3F5', color: 'auto' } }));
        break;
      case 'math_inline':
        add(new TextRun({ text: t.content, font: 'Cambria Math', italics: true }));
        break;
      case 'softbreak':
        add(new TextRun({ text: ' ' }));
        break;
      case 'hardbreak':
        add(new TextRun({ break: 1 }));
        break;
      case 'strong_open':
        bold = true;
        break;
      case 'strong_close':
        bold = false;
        break;
      case 'em_open':
        italics = true;
        break;
      case 'em_close':
        italics = false;
        break;
      case 's_open':
        strike = true;
        break;
      case 's_close':
        strike = false;
        break;
      case 'link_open': {
        const href = String(t.attrGet('href') ?? '');
        link = /^https?:\/\//i.test(href) ? { href, parts: [] } : null;
        break;
      }
      case 'link_close':
        if (link)
          out.push(
            new ExternalHyperlink({ link: link.href, children: link.parts.length ? link.parts : [new TextRun({ text: link.href, style: 'Hyperlink' })] }),
          );
        link = null;
        break;
      case 'image':
        add(new TextRun({ text: `[图片：${t.content || t.attrGet('src') || ''}]`, italics: true, color: '888888' }));
        break;
      default:
        if (t.content && t.type !== 'html_inline') add(new TextRun({ text: t.content, bold, italics }));
    }
  }
  return out;
}

/** Markdown → a .docx file (headings, paragraphs, lists, quotes, code, tables; formulas kept as TeX text). */
export async function markdownToDocx(markdown: string, title?: string): Promise<Buffer> {
  const tokens = markdownTokens(markdown);
  const body: (Paragraph | Table)[] = [];
  if (title) body.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: title })] }));
  const lists: { ordered: boolean }[] = [];
  let quote = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.type) {
      case 'heading_open': {
        const level = Math.min(6, Math.max(1, Number(t.tag.slice(1)))) - 1;
        body.push(new Paragraph({ heading: HEADINGS[level], children: runs(tokens[i + 1]?.children ?? null) }));
        i += 2;
        break;
      }
      case 'bullet_list_open':
        lists.push({ ordered: false });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'paragraph_open': {
        const inline = tokens[i + 1]?.children ?? null;
        const list = lists[lists.length - 1];
        const level = Math.min(lists.length - 1, 8);
        body.push(
          new Paragraph({
            children: runs(inline),
            ...(list ? (list.ordered ? { numbering: { reference: 'wk-ordered', level } } : { bullet: { level } }) : {}),
            ...(quote ? { indent: { left: 480 * quote }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'D0D7DE', space: 8 } } } : {}),
          }),
        );
        i += 2;
        break;
      }
      case 'fence':
      case 'code_block':
        for (const line of t.content.replace(/\n$/, '').split('\n')) {
          body.push(
            new Paragraph({
              children: [new TextRun({ text: line || ' ', font: MONO, size: 20 })],
              shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
              spacing: { after: 0 },
            }),
          );
        }
        body.push(new Paragraph({ children: [] }));
        break;
      case 'math_block':
        body.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: t.content, font: 'Cambria Math', italics: true })] }));
        break;
      case 'hr':
        body.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'DDDDDD', space: 1 } }, children: [] }));
        break;
      case 'table_open': {
        const rows: TableRow[] = [];
        let cells: TableCell[] = [];
        let header = false;
        for (i++; i < tokens.length && tokens[i].type !== 'table_close'; i++) {
          const c = tokens[i];
          if (c.type === 'thead_open') header = true;
          else if (c.type === 'thead_close') header = false;
          else if (c.type === 'tr_open') cells = [];
          else if (c.type === 'tr_close') rows.push(new TableRow({ children: cells, tableHeader: header }));
          else if (c.type === 'th_open' || c.type === 'td_open') {
            const inline = tokens[i + 1]?.type === 'inline' ? tokens[i + 1].children : null;
            cells.push(
              new TableCell({
                children: [new Paragraph({ children: c.type === 'th_open' ? runs(inline).map((r) => r) : runs(inline) })],
                shading: c.type === 'th_open' ? { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' } : undefined,
              }),
            );
          }
        }
        if (rows.length) body.push(new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }));
        break;
      }
      case 'html_block':
        body.push(new Paragraph({ children: [new TextRun({ text: t.content.replace(/<[^>]*>/g, '').trim() })] }));
        break;
      default:
        break;
    }
  }
  if (!body.length) body.push(new Paragraph({ children: [] }));
  const doc = new Document({
    creator: 'Wenku',
    title: title ?? 'document',
    styles: { default: { document: { run: { font: 'Microsoft YaHei', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: 'wk-ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: body }],
  });
  return Packer.toBuffer(doc);
}
