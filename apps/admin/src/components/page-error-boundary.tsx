import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Result } from 'antd';
import { reloadForChunkError } from '../lib/chunk-reload';

interface State {
  error: Error | null;
}

/** Keeps the layout alive when a page throws; a stale chunk after a deployment reloads the page. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (reloadForChunkError(error)) return;
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card variant="borderless" style={{ margin: 24 }}>
        <Result
          status="error"
          title="页面出错了"
          subTitle={this.state.error.message || '页面加载失败，请刷新后重试'}
          extra={[
            <Button key="reload" type="primary" onClick={() => window.location.reload()}>
              刷新页面
            </Button>,
            <Link key="home" to="/dashboard">
              <Button>返回控制面板</Button>
            </Link>,
          ]}
        />
      </Card>
    );
  }
}
