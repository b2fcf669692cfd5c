import { Image, Input, Space, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';

/** An image setting: a URL field with a live preview (uploading comes later). */
export function ImageUrlInput({ value, onChange, placeholder }: { value?: string; onChange?: (v: string) => void; placeholder?: string }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8}>
      <Input
        allowClear
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder || '请输入图片地址，如 https://example.com/logo.png 或 /uploads/...'}
        prefix={<PictureOutlined style={{ color: '#bfbfbf' }} />}
      />
      <div
        style={{
          width: 240,
          height: 96,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          background: '#fafafa',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <Image src={value} alt="预览" style={{ maxWidth: 232, maxHeight: 88, objectFit: 'contain' }} fallback={FALLBACK} />
        ) : (
          <Typography.Text type="secondary">暂无图片</Typography.Text>
        )}
      </div>
    </Space>
  );
}

// A neutral "image failed to load" tile, so a wrong URL shows as such instead of a broken icon.
const FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="232" height="88"><rect width="100%" height="100%" fill="#fafafa"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" fill="#bfbfbf" font-size="13">图片加载失败</text></svg>',
  );
