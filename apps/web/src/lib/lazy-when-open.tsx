import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code loads the first time it opens, not with every page's first load (the header's
 * recharge dialog, the phone menu). Once loaded it stays mounted, so it closes with its animation.
 */
export function lazyWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function WhenOpen(props: P) {
    const [wanted, setWanted] = useState(props.open);
    useEffect(() => {
      if (props.open) setWanted(true);
    }, [props.open]);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
