import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('error page failed to load', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

const RouteErrorPage = lazy(() => import('./error-page').then((m) => ({ default: m.RouteErrorPage })));

/**
 * errorElement of the routes. The error page (antd's Result with its illustrations) is loaded when an error happens,
 * not with every page; if it cannot be loaded, a plain message.
 */
export function RouteError() {
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    </LoadBoundary>
  );
}
