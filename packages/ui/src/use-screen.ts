import { useSyncExternalStore } from 'react';

export type ScreenClass = 'mobile' | 'tablet' | 'desktop';

/** Spec §9: under 768 wide is mobile, under 992 is tablet, otherwise desktop. */
export const SCREEN_BREAKPOINTS = { mobile: 768, tablet: 992 } as const;

export function screenClass(width: number): ScreenClass {
  if (width < SCREEN_BREAKPOINTS.mobile) return 'mobile';
  if (width < SCREEN_BREAKPOINTS.tablet) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}
const getClass = () => screenClass(window.innerWidth);
const getServerClass = (): ScreenClass => 'desktop';

export interface ScreenInfo {
  screen: ScreenClass;
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

/** The current screen class; re-renders only when the class changes, not on every resize. */
export function useScreen(): ScreenInfo {
  const screen = useSyncExternalStore(subscribe, getClass, getServerClass);
  return { screen, isMobile: screen === 'mobile', isTablet: screen === 'tablet', isDesktop: screen === 'desktop' };
}
