import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installDomShims } from '@wenku/ui/testing';

installDomShims();

// findBy* and waitFor wait for an effect, not for a time. Testing Library gives up after 1 s by default, which turns
// "the message appears" into "the message appears within 1 s on this machine". The bound below only keeps a test that
// never sees its effect from hanging. Measured with the whole suite running beside five other builds (load average 20
// on 2 cores): single waits of 20 to 60 s and antd pages of 140 s were seen, so the bounds are minutes (this one, and
// testTimeout in vite.config.ts): they only ever end a test that truly hangs.
configure({ asyncUtilTimeout: 180_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
