import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Routes } from 'discord.js';
import { discordContract } from './contract';

/**
 * Which of Discord's routes the product calls, and which of them the test suite exercised:
 * the product's own `Routes.*` calls (read from bot/ and src/, the method from the REST call around
 * them) and every operation the fake Discord answered in the last test run (test-results/contract,
 * written by test/helpers/contract-setup.ts).
 */

export interface ProductRoute {
  /** `METHOD /template` of Discord's description, or `? /template` when the method was not found. */
  key: string;
  route: string;
  method?: string;
  /** Where the code calls it (file:line), empty when only the run saw it (discord.js managers). */
  sites: string[];
}

/** Routes.x(…) calls in the product's code, resolved to the description's templates. */
export function routesInCode(root: string): ProductRoute[] {
  const found = new Map<string, ProductRoute>();
  for (const file of sources(root, ['bot', 'src'])) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/Routes\.(\w+)\(/g)) {
      const fn = (Routes as unknown as Record<string, (...a: string[]) => string>)[m[1]!];
      if (typeof fn !== 'function') continue;
      const args = argumentCount(text, m.index! + m[0].length);
      const path = fn(...Array.from({ length: args }, (_v, i) => String(i + 1)));
      const line = text.slice(0, m.index).split('\n').length;
      for (const method of methodsOf(text, m.index!)) {
        const matched = discordContract().match(method ?? 'GET', path);
        const route = matched.route ?? path;
        const key = `${method ?? '?'} ${route}`;
        const entry = found.get(key) ?? { key, route, method, sites: [] };
        entry.sites.push(`${relative(root, file)}:${line}`);
        found.set(key, entry);
      }
    }
  }
  return [...found.values()];
}

/** `METHOD template` -> times answered, over every test file of the last run. */
export function exercisedInRuns(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const counts = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, number>;
    for (const [k, n] of Object.entries(counts)) out.set(k, (out.get(k) ?? 0) + n);
  }
  return out;
}

export interface CoverageReport {
  product: ProductRoute[];
  exercised: Map<string, number>;
  missing: ProductRoute[];
}

/** The product's routes (code and run) with what the run exercised; a route is covered when run. */
export function coverage(root: string, runsDir: string): CoverageReport {
  const exercised = exercisedInRuns(runsDir);
  const product = routesInCode(root);
  const known = new Set(product.map((p) => p.key));
  for (const key of exercised.keys()) {
    if (known.has(key) || product.some((p) => !p.method && key.endsWith(` ${p.route}`))) continue;
    const [method, route] = key.split(' ') as [string, string];
    product.push({ key, route, method, sites: [] });
  }
  product.sort((a, b) => a.route.localeCompare(b.route) || a.key.localeCompare(b.key));
  const runKeys = [...exercised.keys()];
  const missing = product.filter((p) =>
    p.method ? !exercised.has(p.key) : !runKeys.some((k) => k.endsWith(` ${p.route}`)),
  );
  return { product, exercised, missing };
}

function sources(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) out.push(p);
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d));
  return out;
}

/** Top-level arguments of the call whose `(` ends at `from`. */
function argumentCount(text: string, from: number): number {
  let depth = 0;
  let count = 0;
  let any = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return any ? count + 1 : 0;
      depth--;
    } else if (c === ',' && depth === 0) count++;
    else if (!/\s/.test(c)) any = true;
  }
  return count;
}

/** The REST method the route is passed to: `rest.post(Routes.x(…)` (also inside a ternary), or `const route = Routes.x(…)` then `rest.put(route`. */
function methodsOf(text: string, at: number): (string | undefined)[] {
  // The call whose argument list the route is in: the nearest unclosed `(` before it.
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - 400); i--) {
    const c = text[i];
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) {
        const call = text.slice(Math.max(0, i - 12), i).match(/\.(get|post|put|patch|delete)$/);
        if (call) return [call[1]!.toUpperCase()];
        break;
      }
      depth--;
    } else if (c === ';' || c === '{') break;
  }
  const assigned = text.slice(Math.max(0, at - 200), at).match(/(?:const|let)\s+(\w+)\s*=[^;]*$/);
  if (assigned) {
    const uses = text
      .slice(at)
      .matchAll(new RegExp(`\\.(get|post|put|patch|delete)\\(\\s*${assigned[1]}\\b`, 'g'));
    const methods = [...new Set([...uses].map((u) => u[1]!.toUpperCase()))];
    if (methods.length) return methods;
  }
  return [undefined];
}
