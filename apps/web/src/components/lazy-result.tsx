import { lazy, Suspense, type ComponentProps } from 'react';
import type { Result } from 'antd';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result, loaded when first shown: it carries its 403/404/500 illustrations (about 9 KB compressed), which
 * the pages that only sometimes show a result (not found, failed to load, no hits) should not load up front.
 */
export function LazyResult(props: ComponentProps<typeof Result>) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
