import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, loadEnv } from '../../src/server/core/env';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

describe('.env.example', () => {
  it('documents every variable the server reads', () => {
    const names = Object.keys(envSchema.in.shape);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('shows the real defaults', () => {
    const defaults = loadEnv({});
    for (const line of example.split('\n')) {
      const m = /^# ([A-Z_]+)=(.+)$/.exec(line);
      if (!m) continue;
      const [, name, shown] = m;
      const actual = (defaults as Record<string, unknown>)[name];
      // Variables unset by default show an example value instead.
      if (actual !== undefined && name !== 'PUBLIC_URL') expect(String(actual), name).toBe(shown);
    }
  });
});
