// npm run build:server: bundles the server (and the bot it starts) into dist/server/ for plain node.
// esbuild, not tsc: the sources import without file extensions (moduleResolution "Bundler"), which
// node's ESM loader refuses, so tsc's output would not run without tsx; esbuild resolves them, strips
// the types and writes a few files in about a second. Packages stay external (node_modules is
// resolved at run time, native modules such as better-sqlite3 untouched); dynamic imports (the bot,
// demo data, contact forwarding) become chunks loaded when first used. Type checking stays with
// `npm run typecheck`. `npm run dev` and most tests run the sources through tsx; the tests that start
// product processes run a build of their own (test/helpers/built-server.ts); none reads dist/.
import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = resolve(root, 'dist/server');
/** What the build reads: scripts/start.mjs rebuilds when any of these is newer than the output. */
export const SERVER_SOURCES = [
  'src/main.ts',
  'src/server',
  'src/common',
  'bot',
  'db',
  'package.json',
  'scripts/build-server.mjs',
];

/**
 * Modules that find files beside themselves (`new URL('../migrations', import.meta.url)`, db/client.ts)
 * keep doing so from the bundle: their `import.meta.url` becomes the source file's URL, computed from
 * the bundle's own location, so the folder can move as a whole.
 */
const sourceUrls = (outDir) => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromOut = relative(outDir, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
});

/**
 * Bundles the sources under `from` (this tree; bench:api passes another revision's) into outDir
 * (dist/server; the test of the bundle and the benches write elsewhere). `entries` (name → source)
 * replaces the server's one entry: a test's child-process script, bundled the same way
 * (test/helpers/built-server.ts).
 */
export async function buildServer(outDir = SERVER_OUT_DIR, from = root, entries = undefined) {
  // Chunk names carry a hash: start from an empty folder so old chunks do not pile up.
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: from,
    // The server's one entry, unless `entries` names others: it runs the web tier, the bot (--bot,
    // loaded as a chunk) or both (in src/server/ before it moved up, in a revision bench:api builds
    // for --before).
    entryPoints: entries ?? {
      main: existsSync(resolve(from, 'src/main.ts')) ? 'src/main.ts' : 'src/server/main.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces name the TypeScript sources (node --enable-source-maps, scripts/start.mjs).
    sourcesContent: false,
    // Chunks sit beside main.js: the rewritten import.meta.url above is relative to that folder.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [sourceUrls(outDir)],
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  await buildServer();
  console.log(`Built the server into dist/server in ${Math.round(performance.now() - t0)} ms`);
}
