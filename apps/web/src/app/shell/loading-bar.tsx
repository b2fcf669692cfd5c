import { useEffect, useState } from 'react';

/** Spec §9: the loading bar is throttled at 200 ms and lasts 5000 ms. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;

type Phase = 'idle' | 'running' | 'done';

/**
 * idle → running only when loading lasts longer than the throttle (quick loads show nothing);
 * running → done (fills and fades) when loading ends; done → idle after the fade.
 */
function useLoadingPhase(active: boolean, throttleMs = LOADING_BAR_THROTTLE_MS): Phase {
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (active) {
      const t = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(t);
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    return undefined;
  }, [active, throttleMs]);
  useEffect(() => {
    if (phase !== 'done') return undefined;
    const t = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(t);
  }, [phase]);
  return phase;
}

/** A thin bar at the top of the page during route transitions and pending queries. */
export function LoadingBar({ active }: { active: boolean }) {
  const phase = useLoadingPhase(active);
  if (phase === 'idle') return null;
  return <div className={`wk-loading-bar is-${phase}`} role="progressbar" aria-label="加载中" style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }} />;
}
