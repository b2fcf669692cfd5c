import { Button, Result, Spin } from 'antd';
import { siteUrl } from '../lib/session';

export function FullPageLoading({ tip = '正在加载…' }: { tip?: string }) {
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 16, color: '#8c8c8c' }}>
      <Spin size="large" />
      <span>{tip}</span>
    </div>
  );
}

export function FullPageError({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="error"
        title={title}
        subTitle={message}
        extra={[
          onRetry ? (
            <Button key="retry" type="primary" onClick={onRetry}>
              重试
            </Button>
          ) : null,
          <Button key="home" href={siteUrl('/')}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
}
