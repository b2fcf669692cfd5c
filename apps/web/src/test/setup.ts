import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for an effect, not for a time. Testing Library gives up after 1 s by default, which turns
// "the message appears" into "the message appears within 1 s on this machine": an antd form renders its validation
// message after a few hundred milliseconds of jsdom work when the machine is idle, and after more than a second when
// it is busy. The bound below only keeps a test that never sees its effect from hanging: it stays under the test's own
// time-out (testTimeout in vite.config.ts), so such a test fails with Testing Library's message and the DOM it saw.
// Measured with the whole suite running beside five other builds (load average 20 on 2 cores): single waits of 20 to
// 60 s and antd pages of 140 s were seen, so the bounds are minutes: they only ever end a test that truly hangs.
configure({ asyncUtilTimeout: 180_000 });

// antd reads these; jsdom does not implement them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no layout: scrolling is a no-op
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
