import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { openDb } from '../../db/client';
import { buildServer, SERVER_SOURCES } from '../../scripts/build-server.mjs';
import type { PlanKey } from '../../src/common/plans';
import { databaseLocation } from '../../src/server/core/env';
import { testDatabaseEnv } from './database';
import { seedGuild } from './guilds';
import { TEST_ADMIN_TOKEN } from './server';

/**
 * The production server (scripts/build-server.mjs, what `npm start` runs with plain node) for the
 * tests that start product processes (test/bot/processes*.test.ts), so they test the built output.
 * Built once for each state of the sources: the folder's name is a hash of every source file's
 * path, size and mtime, so the files of a suite run (and the sqlite and postgres projects' workers)
 * share one build, and a later run with nothing changed reuses it. Each build goes to a folder of
 * its own and is renamed into place, so two workers building at once never see half a bundle. A
 * test's child-process script is bundled the same way (builtScriptArgs).
 */

const ROOT = resolve('.');
const BUILDS = join(ROOT, '.tmp', 'server-build');

function sourcesKey(extra: string[] = []): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
      return;
    }
    hash.update(`${path}\0${st.size}\0${st.mtimeMs}\n`);
  };
  for (const source of [...SERVER_SOURCES, ...extra]) walk(join(ROOT, source));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the server (or, with `script`, that one script: its bundle is `<name>.js`) unless a build
 * of the same sources is there, and returns its folder.
 */
async function build(script?: { name: string; source: string }): Promise<string> {
  const key = script ? `${sourcesKey([script.source])}-${script.name}` : sourcesKey();
  const dir = join(BUILDS, key);
  if (existsSync(join(dir, `${script?.name ?? 'main'}.js`))) return dir;
  mkdirSync(BUILDS, { recursive: true });
  // Beside the final folder, at the same depth: the bundle's paths back to the sources stay right.
  const tmp = `${dir}.${process.pid}.${Date.now()}`;
  await buildServer(tmp, ROOT, script ? { [script.name]: script.source } : undefined);
  try {
    renameSync(tmp, dir);
  } catch {
    // Another worker renamed its build into place first: the same sources, so the same bundle.
    rmSync(tmp, { recursive: true, force: true });
  }
  // Builds of older sources (an hour untouched) go.
  for (const name of readdirSync(BUILDS)) {
    const other = join(BUILDS, name);
    if (other !== dir && Date.now() - statSync(other).mtimeMs > 3_600_000)
      rmSync(other, { recursive: true, force: true });
  }
  return dir;
}

/**
 * This worker's builds, by what they bundle ('' the server, else a script's source); a failed one
 * is tried again at the next ask.
 */
const builds = new Map<string, Promise<string>>();

function buildOnce(key: string, make: () => Promise<string>): Promise<string> {
  let dir = builds.get(key);
  if (!dir) {
    dir = make();
    builds.set(key, dir);
    dir.catch(() => builds.delete(key));
  }
  return dir;
}

/**
 * node's arguments to run the built server (the same as scripts/start.mjs passes): spawn
 * `process.execPath` with these, then the product's own (--web, --bot, --bot-processes N, ...).
 */
export async function builtServerArgs(): Promise<string[]> {
  return ['--enable-source-maps', join(await buildOnce('', () => build()), 'main.js')];
}

/**
 * node's arguments to run `source` (a test's child-process script, e.g. 'test/queue/claim-child.ts')
 * bundled as the server is: a child that starts from the bundle loads in a fraction of the CPU that
 * tsx takes to compile the sources it imports at every start.
 */
export async function builtScriptArgs(source: string): Promise<string[]> {
  const name = basename(source, '.ts');
  const dir = await buildOnce(source, () => build({ name, source }));
  return ['--enable-source-maps', join(dir, `${name}.js`)];
}

/**
 * What the tests of product processes on the fake Discord start from: a database of their own
 * (migrated once, before the processes open it) holding `guilds` on `plan`, and the environment
 * every process starts with (the fake's bot token, the test admin token, the first guild as the
 * default). Each test adds what differs: DISCORD_API_URL, a proxy, a provider.
 */
export async function productProcessesSetup(
  dir: string,
  guilds: { id: string; name: string }[],
  plan: PlanKey,
  discordToken: string,
): Promise<{ dbEnv: { DATABASE_PATH: string; DATABASE_URL?: string }; env: Record<string, string> }> {
  const dbEnv = await testDatabaseEnv(dir);
  const db = await openDb(databaseLocation(dbEnv));
  for (const g of guilds) await seedGuild({ db }, g.id, { plan, name: g.name });
  await db.$close();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    ...dbEnv,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DEFAULT_GUILD_ID: guilds[0]?.id ?? '',
    DISCORD_TOKEN: discordToken,
  };
  return { dbEnv, env };
}
