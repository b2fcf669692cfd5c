import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { NotFound } from './not-found';
import { ErrorFallback } from './error-fallback';

/** The message of anything thrown. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | undefined;
    if (typeof data === 'string' && data) return data;
    if (data && typeof data === 'object' && typeof data.message === 'string') return data.message;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return '未知错误';
}

export { ErrorFallback };

class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('error page failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

function ErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="wk-error-page">
      <Result
        status="error"
        title="页面出错了"
        subTitle={describeError(error)}
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}

function RouteErrorInner() {
  const error = useRouteError();
  if (error) console.error(error);
  return <ErrorView error={error} />;
}

/** errorElement of the routes: the error message and a 返回首页 button. */
export function RouteErrorPage() {
  return (
    <FallbackBoundary>
      <RouteErrorInner />
    </FallbackBoundary>
  );
}
