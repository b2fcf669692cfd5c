import { configure } from '@testing-library/react';

// findBy* and waitFor wait for an effect, not for a time: Testing Library's default of 1 s would make "the table
// appears" mean "appears within 1 s on this machine". The bound only stops a test that never sees its effect from
// hanging, under the test's own time-out (testTimeout in vite.config.ts). Same as the web's src/test/setup.ts.
// Measured with the whole suite running beside five other builds (load average 20 on 2 cores): single waits of 20 to
// 60 s and antd pages of 140 s were seen, so the bounds are minutes: they only ever end a test that truly hangs.
configure({ asyncUtilTimeout: 180_000 });
