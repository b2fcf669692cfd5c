import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Segmented, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  FunctionOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnorderedListOutlined,
  FontSizeOutlined,
  ExportOutlined,
  BlockOutlined,
} from '@ant-design/icons';
import { UPLOAD_IMAGE_PATHS } from '@wenku/contracts/constants';
import { renderMarkdown } from '@wenku/ui/markdown';
import { errorMessage, uploadWithProgress } from '../../../lib/api';
import { MarkdownView } from './markdown-view';

type Mode = 'split' | 'edit' | 'preview';

interface Edit {
  /** text inserted before and after the selection */
  before: string;
  after?: string;
  /** used when nothing is selected */
  placeholder?: string;
  /** starts on a new line */
  block?: boolean;
}

/** Applies an edit to a textarea's selection; returns the new value and selection. */
function applyEdit(value: string, start: number, end: number, e: Edit): { value: string; start: number; end: number } {
  const selected = value.slice(start, end) || e.placeholder || '';
  let before = e.before;
  if (e.block && start > 0 && value[start - 1] !== '\n') before = `\n${before}`;
  const after = e.after ?? '';
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  const s = start + before.length;
  return { value: next, start: s, end: s + selected.length };
}

const TOOLS: { key: string; title: string; icon: ReactNode; edit: Edit }[] = [
  { key: 'h', title: '标题', icon: <FontSizeOutlined />, edit: { before: '## ', placeholder: '标题', block: true } },
  { key: 'b', title: '加粗', icon: <BoldOutlined />, edit: { before: '**', after: '**', placeholder: '加粗文字' } },
  { key: 'i', title: '斜体', icon: <ItalicOutlined />, edit: { before: '*', after: '*', placeholder: '斜体文字' } },
  { key: 'link', title: '链接', icon: <LinkOutlined />, edit: { before: '[', after: '](https://)', placeholder: '链接文字' } },
  { key: 'ul', title: '无序列表', icon: <UnorderedListOutlined />, edit: { before: '- ', placeholder: '列表项', block: true } },
  { key: 'ol', title: '有序列表', icon: <OrderedListOutlined />, edit: { before: '1. ', placeholder: '列表项', block: true } },
  { key: 'quote', title: '引用', icon: <BlockOutlined />, edit: { before: '> ', placeholder: '引用内容', block: true } },
  { key: 'code', title: '代码块', icon: <CodeOutlined />, edit: { before: '```js\n', after: '\n```\n', placeholder: 'console.log("hello")', block: true } },
  {
    key: 'table',
    title: '表格',
    icon: <TableOutlined />,
    edit: { before: '| 列一 | 列二 |\n| --- | --- |\n| ', after: ' | 内容 |\n', placeholder: '内容', block: true },
  },
  {
    key: 'math',
    title: '公式（行内 $…$，独立 $$…$$）',
    icon: <FunctionOutlined />,
    edit: { before: '$$\n', after: '\n$$\n', placeholder: 'E = mc^2', block: true },
  },
  {
    key: 'ref',
    title: '引用式链接',
    icon: <ExportOutlined />,
    edit: { before: '[', after: '][1]\n\n[1]: https://example.com "说明"\n', placeholder: '链接文字' },
  },
];

/**
 * The article editor: a plain textarea with a toolbar, and a live preview from the same renderer the published
 * page and the crawler HTML use (so what the author sees is what readers get).
 */
export function MarkdownEditor({ value, onChange, docId }: { value: string; onChange: (v: string) => void; docId?: string }) {
  const { message } = App.useApp();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<Mode>('split');
  const [uploading, setUploading] = useState(false);
  const deferred = useDeferredValue(value);
  const html = useMemo(() => renderMarkdown(deferred, { docId }), [deferred, docId]);

  const apply = (e: Edit) => {
    const ta = ref.current;
    const start = ta?.selectionStart ?? value.length;
    const end = ta?.selectionEnd ?? value.length;
    const r = applyEdit(value, start, end, e);
    onChange(r.value);
    requestAnimationFrame(() => {
      ta?.focus();
      ta?.setSelectionRange(r.start, r.end);
    });
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await uploadWithProgress<{ data: { url?: string; name: string } }>(UPLOAD_IMAGE_PATHS.article, form);
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
      apply({ before: `![${alt}](${res.data.url ?? ''})`, placeholder: '' });
    } catch (e) {
      message.error(errorMessage(e, '图片上传失败'));
    } finally {
      setUploading(false);
    }
    return false;
  };

  return (
    <div className={`wk-md-editor is-${mode}`}>
      <div className="wk-md-toolbar" role="toolbar" aria-label="编辑工具栏">
        {TOOLS.map((t) => (
          <Tooltip key={t.key} title={t.title}>
            <Button type="text" size="small" icon={t.icon} aria-label={t.title} onClick={() => apply(t.edit)} />
          </Tooltip>
        ))}
        <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} beforeUpload={(f) => upload(f)}>
          <Tooltip title="上传图片">
            <Button type="text" size="small" icon={<PictureOutlined />} loading={uploading} aria-label="上传图片" />
          </Tooltip>
        </Upload>
        <span className="wk-md-toolbar-space" />
        <Segmented<Mode>
          size="small"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'edit', label: '编辑' },
            { value: 'split', label: '分屏' },
            { value: 'preview', label: '预览' },
          ]}
        />
      </div>
      <div className="wk-md-panes">
        <textarea
          ref={ref}
          className="wk-md-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Tab') {
              e.preventDefault();
              apply({ before: '  ' });
            }
          }}
          placeholder={'使用 Markdown 写作：\n# 标题\n**加粗**、[链接](https://…)、行内公式 $a^2+b^2=c^2$\n\n$$\n\\int_0^1 x\\,dx = \\frac12\n$$'}
          aria-label="文章内容（Markdown）"
          spellCheck={false}
        />
        <div className="wk-md-preview" aria-label="预览" data-testid="md-preview">
          {html ? <MarkdownView html={html} /> : <div className="wk-md-preview-empty">预览区：在左侧输入内容后这里实时显示效果</div>}
        </div>
      </div>
    </div>
  );
}
