import { configure } from '@testing-library/react';

// findBy* and waitFor wait for an effect, not for a time: Testing Library's default of 1 s would make "the table
// appears" mean "appears within 1 s on this machine". The bound only stops a test that never sees its effect from
// hanging, under the test's own time-out (testTimeout in vite.config.ts). Same as the web's src/test/setup.ts.
configure({ asyncUtilTimeout: 20_000 });
