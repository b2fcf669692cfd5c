import { describe, expect, it } from 'vitest';
import { describeEnv, sortEnvs } from './envs-card';

describe('sortEnvs', () => {
  it('puts required-but-missing engines first and keeps the rest in order', () => {
    const env = (name: string, installed: boolean, required: boolean) => ({ name, installed, required, version: '', description: '' });
    const out = sortEnvs([env('a', true, true), env('b', false, false), env('c', false, true), env('d', true, false)]);
    expect(out.map((e) => e.name)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('describeEnv', () => {
  it('uses the API description, else a known fallback, else a dash', () => {
    expect(describeEnv({ name: 'soffice', description: 'LibreOffice' })).toBe('LibreOffice');
    expect(describeEnv({ name: 'fonts-cjk', description: '' })).toContain('字体');
    expect(describeEnv({ name: 'unknown', description: '' })).toBe('—');
  });
});
