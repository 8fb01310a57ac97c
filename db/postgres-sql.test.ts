import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../test/helpers/postgres';
import { type Db, openDb, rawAll, rawGet } from './client';
import { guilds, memberXp } from './schema';

/**
 * Statements reach PostgreSQL as drizzle renders them (db/postgres/dialect.ts), never rewritten:
 * generated SELECTs mix parameters with text that holds the characters a text rewriter trips on
 * (`?`, `$1`, `@name`, quotes, `--`, `$$`) in comments (nested ones too), quoted names, standard,
 * E'' and dollar-quoted strings, and with PostgreSQL's JSON `?`, `?|`, `?&` operators; PostgreSQL
 * must answer every parameter in its own column and every text as written.
 */

let url: string;
let db: Db;
beforeAll(async () => {
  url = await createTestDatabase();
  db = await openDb(url);
});
afterAll(async () => {
  await db?.$close();
  if (url) await dropTestDatabase(url);
});

/** What a text rewriter would take for a placeholder or a quote's end. */
const PROBES = [
  '?',
  '?|',
  '?&',
  '$1',
  '$2',
  '$$',
  '@name',
  "'",
  "''",
  '"',
  '--',
  '/*',
  '*/',
  '\\',
  ';',
  ' ',
  'x',
];
const probeText = (exclude: string[] = []) =>
  fc
    .array(fc.constantFrom(...PROBES.filter((p) => !exclude.some((e) => p.includes(e)))), { maxLength: 8 })
    .map((parts) => parts.join(''));

const JSON_KEYS = ['a', 'b', '?', '$1', "'"];

/** A column of the generated SELECT: its SQL and the text PostgreSQL must answer for it. */
type Column = { sql: SQL; expected: unknown };

const dollarTag = (text: string) => {
  for (let n = 0; ; n++) {
    const tag = n === 0 ? '$$' : `$t${n}$`;
    // The body ends where the tag first appears.
    if (`${text}${tag}`.indexOf(tag) === text.length) return tag;
  }
};

const column: fc.Arbitrary<Column> = fc.oneof(
  // A parameter: any text (no NUL, which PostgreSQL text refuses) or number.
  fc
    .oneof(
      fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\0')),
      fc.integer(),
    )
    .map((v) => ({ sql: sql`cast(${v} as text)`, expected: String(v) })),
  probeText().map((t) => ({ sql: sql.raw(`'${t.replace(/'/g, "''")}'`), expected: t })),
  probeText().map((t) => ({
    sql: sql.raw(`E'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`),
    expected: t,
  })),
  probeText().map((t) => {
    const tag = dollarTag(t);
    return { sql: sql.raw(`${tag}${t}${tag}`), expected: t };
  }),
  // JSON operators between parameters: does the object have the key, any, all of the keys?
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom<string>(...JSON_KEYS), { maxLength: 3 }),
      fc.constantFrom('?', '?|', '?&'),
      fc.array(fc.constantFrom<string>(...JSON_KEYS), { minLength: 1, maxLength: 2 }),
    )
    .map(([keys, op, asked]) => {
      const json = JSON.stringify(Object.fromEntries(keys.map((k) => [k, 1])));
      const has = (k: string) => keys.includes(k);
      if (op === '?')
        return { sql: sql`cast(${json} as jsonb) ? ${asked[0]}`, expected: has(asked[0] as string) };
      const list = sql`array[${sql.join(
        asked.map((k) => sql`cast(${k} as text)`),
        sql`, `,
      )}]`;
      return {
        sql: sql`cast(${json} as jsonb) ${sql.raw(op)} ${list}`,
        expected: op === '?|' ? asked.some(has) : asked.every(has),
      };
    }),
);

/** Comments between the columns: line comments and nested block comments full of probes. */
const comment = fc.oneof(
  fc.constant(''),
  probeText(['\n']).map((t) => ` -- ${t}\n`),
  fc
    .tuple(probeText(['/*', '*/']), probeText(['/*', '*/']), fc.boolean())
    .map(([a, b, nested]) => ` /* ${a}${nested ? ` /* ${b} */ ` : ''}${b} */ `),
);

/** A quoted column name with probes in it (kept short: PostgreSQL cuts names at 63 bytes). */
const alias = fc
  .array(fc.constantFrom('?', '$1', '@n', "'", '"', '--', '/*', '$$', 'x'), { maxLength: 5 })
  .map((parts) => parts.join(''));

describe('SQL on PostgreSQL, rendered by drizzle and never rewritten', () => {
  it('binds every parameter to its own placeholder, whatever comments, names and strings surround it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(comment, column, alias), { minLength: 1, maxLength: 8 }),
        comment,
        async (columns, tail) => {
          const names = columns.map(([, , a], i) => `c${i} ${a}`);
          const list = sql.join(
            columns.map(
              ([before, col], i) =>
                sql`${sql.raw(before)}${col.sql} as ${sql.identifier(names[i] as string)}`,
            ),
            sql`,`,
          );
          const row = await rawGet<Record<string, unknown>>(db, sql`select ${list}${sql.raw(tail)}`);
          expect(row).toEqual(Object.fromEntries(columns.map(([, col], i) => [names[i], col.expected])));
        },
      ),
      { numRuns: 300, seed: 2311 },
    );
  });

  it('names bare columns in a conflict target; the builder and sql agree on the parameters', async () => {
    await db.insert(guilds).values({ id: 'g?1', name: "it's $1 -- ?" }).run();
    for (const xp of [5, 7])
      await db
        .insert(memberXp)
        .values({ guildId: 'g?1', userId: '/* ? */', xp })
        .onConflictDoUpdate({
          target: [memberXp.guildId, memberXp.userId],
          set: { xp: sql`${memberXp.xp} + ${xp}` },
        })
        .run();
    const got = await db.select().from(memberXp).where(eq(memberXp.userId, '/* ? */')).get();
    expect(got?.xp).toBe(12);
    expect(await rawAll(db, sql`select name /* ? */ from guilds where id = ${'g?1'} -- ?`)).toEqual([
      { name: "it's $1 -- ?" },
    ]);
  });
});
