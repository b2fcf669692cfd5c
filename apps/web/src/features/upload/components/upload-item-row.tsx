import { Button, Col, Form, Input, InputNumber, Progress, Row, Select, Tag, Tooltip } from 'antd';
import { CheckCircleFilled, CloseOutlined, ExclamationCircleFilled, LoadingOutlined, RedoOutlined, ThunderboltFilled } from '@ant-design/icons';
import { FileTypeIcon } from '@wenku/ui';
import { formatBytes } from '@wenku/contracts/format';
import type { UploadItem } from '../state';
import { titleFromName } from '../validate';
import type { LanguageOption } from '../../document/lib/languages';

function Status({ item, onRetry }: { item: UploadItem; onRetry: () => void }) {
  switch (item.phase) {
    case 'queued':
      return <span className="wk-upload-status is-muted">等待处理…</span>;
    case 'error':
      return (
        <span className="wk-upload-status is-error" role="alert">
          <ExclamationCircleFilled /> {item.error}
          {!item.rejected && (
            <Button type="link" size="small" icon={<RedoOutlined />} onClick={onRetry}>
              重试
            </Button>
          )}
        </span>
      );
    case 'done':
      return item.instant ? (
        <Tag color="success" icon={<ThunderboltFilled />} bordered={false} className="wk-upload-tag">
          秒传成功
        </Tag>
      ) : (
        <Tag color="success" icon={<CheckCircleFilled />} bordered={false} className="wk-upload-tag">
          上传完成
        </Tag>
      );
    case 'hashing':
      return (
        <span className="wk-upload-status is-muted">
          <LoadingOutlined /> 正在校验文件…
        </span>
      );
    case 'uploading':
      return (
        <span className="wk-upload-status is-muted">
          <LoadingOutlined /> 正在上传…
        </span>
      );
    case 'checking':
      return (
        <span className="wk-upload-status is-muted">
          <LoadingOutlined /> 正在检查服务器是否已有该文件…
        </span>
      );
    default:
      return null;
  }
}

function Bars({ item }: { item: UploadItem }) {
  if (item.phase === 'queued' || (item.rejected && item.hashPercent === 0)) return null;
  const hashDone = item.phase !== 'hashing';
  const showUpload = item.phase === 'uploading' || (item.phase === 'done' && !item.instant) || (item.phase === 'error' && item.uploadPercent > 0);
  return (
    <div className="wk-upload-bars">
      <div className="wk-upload-bar" data-testid="hash-progress">
        <span>文件校验</span>
        <Progress
          percent={hashDone ? 100 : item.hashPercent}
          size="small"
          status={item.phase === 'error' && !hashDone ? 'exception' : hashDone ? 'success' : 'active'}
          aria-label="文件校验进度"
        />
      </div>
      {showUpload && (
        <div className="wk-upload-bar" data-testid="upload-progress">
          <span>上传进度</span>
          <Progress
            percent={item.phase === 'done' ? 100 : item.uploadPercent}
            size="small"
            status={item.phase === 'error' ? 'exception' : item.phase === 'done' ? 'success' : 'active'}
            aria-label="上传进度"
          />
        </div>
      )}
    </div>
  );
}

/** One file: its progress, its result, and its own title / price / language / keywords / summary. */
export function UploadItemRow({
  item,
  creditName,
  languages,
  defaultLanguage,
  onRemove,
  onRetry,
}: {
  item: UploadItem;
  creditName: string;
  languages: LanguageOption[];
  defaultLanguage: string;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const name = (field: string) => ['docs', item.key, field];
  return (
    <div className={['wk-upload-item', `is-${item.phase}`].join(' ')} data-testid="upload-item">
      <div className="wk-upload-item-head">
        <FileTypeIcon ext={item.file.name} size={36} />
        <div className="wk-upload-item-info">
          <div className="wk-upload-item-name" title={item.file.name}>
            {item.file.name}
          </div>
          <div className="wk-upload-item-sub">
            <span>{formatBytes(item.file.size)}</span>
            <Status item={item} onRetry={onRetry} />
          </div>
        </div>
        <Tooltip title="移除">
          <Button type="text" icon={<CloseOutlined />} aria-label={`移除 ${item.file.name}`} onClick={onRemove} />
        </Tooltip>
      </div>
      <Bars item={item} />
      {!item.rejected && (
        <Row gutter={[16, 0]} className="wk-upload-fields">
          <Col xs={24} md={12}>
            <Form.Item
              name={name('title')}
              label="文档标题"
              initialValue={titleFromName(item.file.name)}
              rules={[
                { required: true, whitespace: true, message: '请输入文档标题' },
                { max: 255, message: '标题最多255个字符' },
              ]}
            >
              <Input placeholder="请输入文档标题" maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={name('price')} label="售价" initialValue={0} rules={[{ required: true, message: '请输入售价' }]} tooltip="0 表示免费下载">
              <InputNumber min={0} max={100000} precision={0} step={1} style={{ width: '100%' }} suffix={creditName} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={name('language')} label="语言" initialValue={defaultLanguage}>
              <Select options={languages} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={name('keywords')} label="关键词" initialValue="">
              <Input placeholder="多个关键词用逗号分隔，留空将自动提取" maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={name('description')} label="文档摘要" initialValue="">
              <Input.TextArea placeholder="简要介绍文档内容，留空将自动提取" maxLength={1024} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </div>
  );
}
