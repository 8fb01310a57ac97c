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
  // The bot's and the client's other rooms: each file and folder of their top level (the bot's
  // shared leaves and its composition: commands/, events/, server-events.ts; the client's lib/,
  // components/, pages/, router.tsx, ...).
  const sideRoom = /^(bot|src\/client)\/[^/]+/.exec(path);
  if (sideRoom) return sideRoom[0];
  for (const shared of [
    'src/server/app',
    'src/server/core',
    'src/server/translation',
    'src/server/moderation',
    'src/server',
    'src/common',
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

  it('core, the engines, db and common import no capability: every arrow of a capability points down', () => {
    // The check finds an arrow up when there is one; the composition root's arrows are not up.
    expect(
      upwardImports([
        { from: 'src/server/core/x.ts', to: 'src/server/features/polls/polls.ts' },
        { from: 'src/server/app/router.ts', to: 'src/server/features/polls/router.ts' },
      ]),
    ).toEqual(['src/server/core/x.ts -> src/server/features/polls/polls.ts']);
    expect(upwardImports(imports)).toEqual(CORE_EXCEPTIONS);
  });

  it('only the composition root (src/server/app/) and main.ts put the capabilities together', () => {
    // Each composition file does compose, and no other server file outside the capabilities does.
    expect(composers(imports)).toEqual([...COMPOSITION, 'src/main.ts'].sort());
  });

  it("nothing below the composition root imports it: only main.ts, the bot's caller and the client's router type", () => {
    // The check names a capability (or core) that reaches up into the composition root.
    expect(
      appImporters([
        { from: 'src/server/features/polls/polls.ts', to: 'src/server/app/services.ts' },
        { from: 'src/server/app/http.ts', to: 'src/server/app/router.ts' },
      ]),
    ).toEqual(['src/server/features/polls/polls.ts']);
    expect(appImporters(imports)).toEqual(APP_IMPORTERS);
    // The client's one door takes the router's type only (no server code in the bundle).
    expect(valuesFromApp('import { appRouter, type AppRouter } from "../server/app/router";')).toEqual([
      'appRouter',
    ]);
    for (const file of APP_IMPORTERS.filter((f) => f.startsWith('src/client/'))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text).toContain('server/app/router');
      expect(valuesFromApp(text), file).toEqual([]);
    }
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

  it("no loop between the rooms of the house: the server's (core, the engines, db, common, the composition root, each capability), the bot's and the client's (each top-level file and folder, each capability)", () => {
    // The check finds a loop of rooms whose files form no circle (core's container naming the
    // engine's translator while the engine publishes through core's queue), and a longer one.
    expect(
      roomCircles([
        { from: 'src/server/core/services.ts', to: 'src/server/translation/index.ts' },
        { from: 'src/server/translation/admission.ts', to: 'src/server/core/queue.ts' },
        { from: 'src/server/features/polls/polls.ts', to: 'src/server/core/trpc.ts' },
      ]),
    ).toEqual([['src/server/core', 'src/server/translation']]);
    expect(
      roomCircles([
        { from: 'src/server/core/plans.ts', to: 'db/schema.ts' },
        { from: 'db/schema.ts', to: 'src/common/plans.ts' },
        { from: 'src/common/plans.ts', to: 'src/server/core/env.ts' },
      ]),
    ).toEqual([['db', 'src/common', 'src/server/core']]);
    // The bot: a capability taking the command's type from the folder that lists every command.
    expect(
      roomCircles([
        { from: 'bot/features/polls/command.ts', to: 'bot/commands/types.ts' },
        { from: 'bot/commands/index.ts', to: 'bot/features/polls/command.ts' },
        { from: 'bot/features/polls/command.ts', to: 'bot/handlers.ts' },
      ]),
    ).toEqual([['bot/commands', 'bot/features/polls']]);
    // The client: a helper of lib/ reading the shell's list of pages while the shell stands on lib/.
    expect(
      roomCircles([
        { from: 'src/client/lib/title.ts', to: 'src/client/components/shell/nav.ts' },
        { from: 'src/client/components/shell/Sidebar.tsx', to: 'src/client/lib/sidebar.ts' },
        { from: 'src/client/router.tsx', to: 'src/client/lib/title.ts' },
      ]),
    ).toEqual([['src/client/components', 'src/client/lib']]);
    expect(roomCircles(imports)).toEqual([]);
  });
});

/**
 * The composition root, src/server/app/: the only files outside the capabilities (with main.ts,
 * which starts the processes and the capabilities' schedules) that import capabilities, each putting
 * all of them together: router.ts mounts their procedures (and hands moderation's member-message
 * pass to the channels), rest-table.ts lists their /api rows, services.ts builds the container
 * (createServices) with their state, http.ts adds their HTTP routes outside tRPC and REST (login,
 * integration hooks) to core's HTTP server. Core serves what these hand it and imports none of them.
 */
const COMPOSITION = [
  'src/server/app/http.ts',
  'src/server/app/rest-table.ts',
  'src/server/app/router.ts',
  'src/server/app/services.ts',
];

/**
 * The files of src, bot and db that import the composition root (tests, bench and scripts may too):
 * main.ts starts it, the bot's caller calls the one router in process, and the client's one door
 * takes the router's type only.
 */
const APP_IMPORTERS = ['bot/context.ts', 'src/client/lib/router-types.ts', 'src/main.ts'];

const SHARED_LAYERS = [
  'src/server/core',
  'src/server/translation',
  'src/server/moderation',
  'db',
  'src/common',
];

/** Imports of a capability by a shared layer (core, the engines, db, common): arrows that run up. */
function upwardImports(edges: { from: string; to: string }[]): string[] {
  return edges
    .filter(({ from, to }) => SHARED_LAYERS.includes(room(from)) && isCapability(room(to)))
    .map(({ from, to }) => `${from} -> ${to}`)
    .sort();
}

/** The server files outside the capabilities that import a capability. */
function composers(edges: { from: string; to: string }[]): string[] {
  const outside = (f: string) =>
    (f.startsWith('src/server/') || f === 'src/main.ts') && !isCapability(room(f));
  return [
    ...new Set(edges.filter(({ from, to }) => outside(from) && isCapability(room(to))).map((e) => e.from)),
  ].sort();
}

/** The files outside the composition root that import it. */
function appImporters(edges: { from: string; to: string }[]): string[] {
  const inApp = (f: string) => f.startsWith('src/server/app/');
  return [...new Set(edges.filter(({ from, to }) => inApp(to) && !inApp(from)).map((e) => e.from))].sort();
}

/** The names a file imports as values (not `import type`, not `type X`) from the composition root. */
function valuesFromApp(text: string): string[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.includes('/server/app/')) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if (!element.isTypeOnly) names.push(element.name.text);
  }
  return names;
}

/**
 * The loops between rooms (room(): the server's shared layers and composition root, db, common,
 * the bot's and the client's top-level files and folders, each capability of every side), each as
 * its rooms sorted: a room reaches another through its files' imports; a loop of rooms is one,
 * whatever the files do.
 */
function roomCircles(edges: { from: string; to: string }[]): string[][] {
  return circlesOf(
    edges.map(({ from, to }) => ({ from: room(from), to: room(to) })).filter(({ from, to }) => from !== to),
  );
}

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
 * None left: retention runs the capabilities' purges that the composition root hands it
 * (app/services.ts retentionPurges), the translation engine reads a server's glossary and style
 * through TranslatorDeps.prompt (app/services.ts serverPromptSource), as it reads the servers' own
 * provider keys through `own`; the container's members are typed in core (core/services.ts, the
 * translator's interface in core/translator.ts, the conversation's in core/conversation.ts) and the
 * moderation detectors; the HTTP server, the REST adapter and the OpenAPI document take the router and
 * the REST table as arguments (core/http.ts Composed).
 */
const CORE_EXCEPTIONS: string[] = [];

/**
 * None left: a member's message runs through moderation, translation and the mirror in one pass
 * (features/moderation/flow.ts, which builds on the channels' copies); the channels' bot
 * procedures reach it through their port (features/channels/member-messages.ts) that the
 * composition root fills (src/server/app/router.ts: channelsRouter(memberMessagePass)), not an import.
 */
const CYCLE_EXCEPTIONS: string[] = [];
