import { useRef, useState, type DragEvent } from 'react';
import { CloudUploadOutlined } from '@ant-design/icons';

/** Drop files here or click to pick; nothing is filtered here, so every refused file gets its reason. */
export function Dropzone({ accept, onFiles, hint, compact }: { accept: string; onFiles: (files: File[]) => void; hint: string; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(e.dataTransfer.files ?? []);
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={['wk-dropzone', over ? 'is-over' : '', compact ? 'is-compact' : ''].join(' ')}
      role="button"
      tabIndex={0}
      aria-label="选择或拖入要上传的文档"
      onClick={() => input.current?.click()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          input.current?.click();
        }
      }}
      onDragEnter={(e) => {
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        data-testid="upload-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <CloudUploadOutlined className="wk-dropzone-icon" />
      <div className="wk-dropzone-title">{over ? '松开鼠标，开始上传' : compact ? '继续添加文档' : '点击选择文件，或将文件拖拽到此处'}</div>
      <div className="wk-dropzone-hint">{hint}</div>
    </div>
  );
}
