import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house rules (DESIGN.md, "Layout"), read from the code's own imports with TypeScript's parser:
 * capability folders on each side (src/server/features, bot/features, src/client/features,
 * src/common/<capability>), shared layers few and named. A rule broken by a new import fails here
 * with the file and the import; the lists of today's exceptions only shrink.
 */

const ROOT = join(__dirname, '..');
const SOURCE_DIRS = ['src', 'bot', 'db'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) out.push(path);
  }
  return out;
}

const files = SOURCE_DIRS.flatMap((d) => walk(join(ROOT, d))).map((f) => relative(ROOT, f));
const known = new Set(files);

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec));
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (known.has(base + ext)) return base + ext;
  return null;
}

/** Every relative import of the source (not tests), file to file. */
const imports: { from: string; to: string }[] = files.flatMap((from) =>
  ts
    .preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true)
    .importedFiles.map((i) => resolve(from, i.fileName))
    .filter((to): to is string => to !== null)
    .map((to) => ({ from, to })),
);

/** Which room a file is in: a capability of one side, or a shared layer. */
function room(path: string): string {
  const capability =
    /^src\/server\/features\/([^/]+)\//.exec(path) ??
    /^bot\/features\/([^/]+)\//.exec(path) ??
    /^src\/client\/features\/([^/]+)\//.exec(path);
  if (capability) return `${path.split('/features/')[0]}/features/${capability[1]}`;
  const common = /^src\/common\/([^/]+)\//.exec(path);
  if (common && !['schemas', 'phrases'].includes(common[1] as string)) return `src/common/${common[1]}`;
  for (const shared of [
    'src/server/app',
    'src/server/core',
    'src/server/translation',
    'src/server/moderation',
    'src/server',
    'src/client',
    'src/common',
    'bot',
    'db',
  ])
    if (path.startsWith(`${shared}/`)) return shared;
  return path;
}
const isCapability = (r: string) =>
  r.includes('/features/') || (/^src\/common\/[^/]+$/.test(r) && !r.endsWith('.ts'));

describe('the house rules', () => {
  it('reads the tree (a rule that reads nothing cannot fail)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
    expect(existsSync(join(ROOT, 'src/server/app/router.ts'))).toBe(true);
  });

  it('no module imports a router but the one that mounts them (routers are wiring, services hold the rest)', () => {
    const routers = /(^|\/)(bot\.)?router\.ts$/;
    const mounting = 'src/server/app/router.ts';
    // A capability's router.ts mounts its own bot.router.ts (reached as <capability>.bot.*).
    const ownBotRouter = (from: string, to: string) =>
      from.endsWith('/router.ts') && to === from.replace(/router\.ts$/, 'bot.router.ts');
    const offenders = imports
      .filter(
        ({ from, to }) => routers.test(to) && to !== mounting && from !== mounting && !ownBotRouter(from, to),
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(offenders.sort()).toEqual(ROUTER_EXCEPTIONS);
  });

  it('routers run no query: they import no schema, database or query helper and call none (services hold the queries)', () => {
    const routerFiles = files.filter((f) => /^src\/server\/features\/[^/]+\/(bot\.)?router\.ts$/.test(f));
    expect(routerFiles.length).toBeGreaterThan(30);
    const offenders: string[] = [];
    for (const file of routerFiles) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const spec of ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName))
        if (/(^|\/)db\/(client|schema)$/.test(spec) || /^drizzle-orm(\/|$)/.test(spec))
          offenders.push(`${file} imports ${spec}`);
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        // ctx.db.select(...), tx.insert(...), db.$transaction(...), rawAll(...), sql`...`
        if (ts.isCallExpression(node)) {
          const callee = node.expression;
          const query =
            (ts.isPropertyAccessExpression(callee) &&
              QUERY_METHODS.has(callee.name.text) &&
              /(^|\.)(db|tx)$/.test(callee.expression.getText(source))) ||
            (ts.isIdentifier(callee) && ['rawAll', 'rawGet', 'rawRun', 'lockFor'].includes(callee.text));
          if (query)
            offenders.push(
              `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${callee.getText(source)}`,
            );
        }
        if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql')
          offenders.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} sql\``);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });

  it('core and the libraries import no capability, except in the composition files that put them together', () => {
    const composition = new Set(COMPOSITION);
    const offenders = imports
      .filter(({ from, to }) => {
        const f = room(from);
        return (
          ['src/server/core', 'src/server/translation', 'src/server/moderation', 'db', 'src/common'].includes(
            f,
          ) &&
          isCapability(room(to)) &&
          !composition.has(from)
        );
      })
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(offenders.sort()).toEqual(CORE_EXCEPTIONS);
    // Each composition file does compose (a file that stopped importing capabilities leaves the list).
    const composing = new Set(imports.filter(({ to }) => isCapability(room(to))).map(({ from }) => from));
    expect(COMPOSITION.filter((f) => !composing.has(f))).toEqual([]);
  });

  it('no import circle anywhere, type imports included', () => {
    // The check finds a circle when there is one (a rule that cannot fail proves nothing).
    expect(
      circlesOf([
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    // Core, the translation engine, the capabilities, the bot and the client: no two files read one
    // without the other (a feature importing the type of a container that imports the feature is a
    // circle too).
    for (const layer of ['src/server/core/', 'src/server/translation/', 'src/client/', 'bot/'])
      expect(
        imports.filter(({ from, to }) => from.startsWith(layer) && to.startsWith(layer)).length,
      ).toBeGreaterThan(20);
    expect(circlesOf(imports)).toEqual([]);
  });

  it('no cycle between capability folders of one side', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      const a = room(from);
      const b = room(to);
      if (a === b || !isCapability(a) || !isCapability(b)) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)?.add(b);
    }
    const cycles: string[] = [];
    for (const [a, targets] of graph)
      for (const b of targets) if (a < b && graph.get(b)?.has(a)) cycles.push(`${a} <-> ${b}`);
    expect(cycles.sort()).toEqual(CYCLE_EXCEPTIONS);
  });
});

/**
 * The composition files: the only files of core that import capabilities, each putting all of them
 * together for the app (every import of a feature there is wiring): router.ts mounts their
 * procedures, rest-table.ts lists their /api rows, services.ts builds the container with their
 * state, http.ts mounts their HTTP routes outside tRPC and REST (login, integration hooks). The rest
 * of core (the REST adapter rest.ts, openapi.ts, trpc.ts, ...) takes what it serves from these.
 */
const COMPOSITION = [
  'src/server/app/router.ts',
  'src/server/app/rest-table.ts',
  'src/server/app/services.ts',
  'src/server/app/http.ts',
];

/**
 * The import circles of a list of imports, each as its files sorted: Tarjan's strongly connected
 * components, so files that reach each other through any number of imports are one entry. Type
 * imports count (ts.preProcessFile lists them): a circle of types is still two files that cannot be
 * read one without the other.
 */
function circlesOf(edges: { from: string; to: string }[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/*
 * Today's exceptions, each a piece of issue 23 still open. They may only shrink: a new import that
 * breaks a rule fails the test, and so does an exception that no longer exists (remove it here).
 */

/** What a query is called on a database handle (drizzle's builders and ours). */
const QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'run',
  'all',
  'get',
  'values',
  '$transaction',
  '$exec',
  'query',
]);

/** None left: keep it so. */
const ROUTER_EXCEPTIONS: string[] = [];

/**
 * None left: retention runs the capabilities' purges that services.ts hands it (retentionPurges),
 * and the translation engine reads a server's glossary and style through TranslatorDeps.prompt
 * (services.ts serverPromptSource), as it reads the servers' own provider keys through `own`.
 */
const CORE_EXCEPTIONS: string[] = [];

/**
 * None left: a member's message runs through moderation, translation and the mirror in one pass
 * (features/moderation/flow.ts, which builds on the channels' copies); the channels' bot
 * procedures reach it through their port (features/channels/member-messages.ts) that the
 * composition root fills (src/server/app/router.ts: channelsRouter(memberMessagePass)), not an import.
 */
const CYCLE_EXCEPTIONS: string[] = [];
