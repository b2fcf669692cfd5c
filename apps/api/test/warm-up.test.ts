/** The start-up warm-up (kernel/warm-up.ts): every path it asks for is a real anonymous read that answers 200. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { WARM_PATHS, warmUp } from '../src/kernel/warm-up';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('start-up warm-up', () => {
  it('builds every anonymous answer of its list (a route or a parameter that drifts fails here)', async () => {
    expect(await warmUp(t.app)).toBe(WARM_PATHS.length);
    // a path that does not answer 200 is counted out, and the warm-up goes on
    expect(await warmUp(t.app, ['/api/v1/document?id=abc', '/api/v1/settings'])).toBe(1);
  });
});
