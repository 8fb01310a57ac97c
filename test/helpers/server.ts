import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanKey } from '../../src/common/plans';
import { type Env, loadEnv } from '../../src/server/core/env';
import { createApp } from '../../src/server/app/http';
import { listen } from '../../src/server/core/http';
import { createServices, type ServiceOverrides } from '../../src/server/app/services';
import type { Services } from '../../src/server/core/services';
import { tableCounts as countRows, dropTestDb, testDatabaseEnv } from './database';
import { seedGuild } from './guilds';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestServer {
  url: string;
  services: Services;
  env: Env;
  dir: string;
  /** fetch against the server; `admin: true` adds the bearer token. JSON bodies are encoded. */
  api(path: string, init?: ApiInit): Promise<ApiResponse>;
  /** Stops the HTTP server and closes the database (the file stays until cleanup). */
  stop(): Promise<void>;
  /** stop() and delete the temporary folder. */
  close(): Promise<void>;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  admin?: boolean;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  json: any;
  text: string;
}

/**
 * Starts the real server (real HTTP on an ephemeral port, real SQLite file in a temp folder).
 * Pass `dir` to reopen the same database (restart tests).
 */
export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    overrides?: ServiceOverrides;
    dir?: string;
    clientDir?: string;
    /** Servers the bot is in (seeded rows), with the plan each has (default free). */
    guilds?: (string | { id: string; plan?: PlanKey; name?: string })[];
  } = {},
): Promise<TestServer> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'polyglot-test-'));
  const env = loadEnv({
    PORT: '0',
    ...(await testDatabaseEnv(dir)),
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    CONTACT_RATE_LIMIT: '1000',
    ...opts.env,
  });
  const services = await createServices(env, opts.overrides);
  for (const g of opts.guilds ?? []) {
    const { id, ...rest } = typeof g === 'string' ? { id: g } : g;
    await seedGuild(services, id, rest);
  }
  const app = createApp(services, { clientDir: opts.clientDir });
  const server = await listen(app, 0, '127.0.0.1');
  services.env = { ...env, PUBLIC_URL: opts.env?.PUBLIC_URL ?? server.url };

  const api: TestServer['api'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.admin) headers.authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, {
      method: init.method ?? 'GET',
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
    await services.db.$close();
  };
  return {
    url: server.url,
    services,
    env: services.env,
    dir,
    api,
    stop,
    close: async () => {
      await stop();
      if (!opts.dir) {
        await dropTestDb(dir);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Row counts of every table: "nothing was written" is checked by comparing two of these. */
export function tableCounts(services: Services): Promise<Record<string, number>> {
  return countRows(services.db);
}
