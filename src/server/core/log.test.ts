import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { logFormat } from './log';

/** What `npm start` prints: readable in a terminal, JSON for a collector in production. */
const LINE =
  "import('./src/server/core/log.ts').then(({ createLogger }) => createLogger().info('Listening on http://localhost:3000'))";

/** Runs one log line in a real node process; `tty`: under script(1), which gives it a pseudo-terminal. */
function logOnce(env: Record<string, string>, tty: boolean): string {
  const node = [process.execPath, '--import', 'tsx', '-e', LINE];
  const quoted = node.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = tty
    ? spawnSync('script', ['-qec', quoted, '/dev/null'], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      })
    : spawnSync(node[0] as string, node.slice(1), { env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('log format', () => {
  it('chooses: LOG_FORMAT when set, a terminal readable, else JSON in production', () => {
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' }, true)).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' }, false)).toBe('json');
    expect(logFormat({}, false)).toBe('pretty');
    // An unknown value is ignored, not trusted.
    expect(logFormat({ LOG_FORMAT: 'xml', NODE_ENV: 'production' }, false)).toBe('json');
  });

  it('npm start in a terminal prints readable, coloured lines; piped in production, one JSON object a line', () => {
    const base = { NODE_ENV: 'production', LOG_FORMAT: '', LOG_LEVEL: '' };
    const terminal = logOnce(base, true);
    // ESC[32m INFO in green, then the message; no JSON braces.
    const ESC = String.fromCharCode(27);
    expect(terminal).toContain(`${ESC}[32mINFO${ESC}[39m`);
    expect(terminal).toMatch(/\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*Listening on http:\/\/localhost:3000/);
    expect(terminal).not.toContain('{"level"');
    const piped = logOnce(base, false).trim();
    expect(JSON.parse(piped)).toMatchObject({
      level: 30,
      msg: 'Listening on http://localhost:3000',
      pid: expect.any(Number),
    });
  });
});
