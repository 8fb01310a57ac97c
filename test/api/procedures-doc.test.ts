import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BEGIN, DOC_PATH, END, renderTable, withTable } from '../../scripts/procedures-doc';
import { restRoutes } from '../../src/server/app/rest-table';

/** docs/procedures.md carries the table the router itself gives: regenerated here, compared. */
describe('docs/procedures.md', () => {
  it('holds the table npm run docs:procedures writes from the router', async () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    const table = await renderTable();
    const fresh = withTable(doc, table);
    if (fresh !== doc) {
      const want = fresh.split('\n');
      const have = doc.split('\n');
      const line = want.findIndex((l, i) => l !== have[i]);
      expect.fail(
        `docs/procedures.md differs from the router (first at line ${line + 1}: ` +
          `${JSON.stringify(have[line] ?? '')} instead of ${JSON.stringify(want[line] ?? '')}): ` +
          'run `npm run docs:procedures` and commit the result',
      );
    }
  });

  it('lists every REST row and every procedure of the router', async () => {
    const table = await renderTable();
    expect(table.startsWith(BEGIN) && table.endsWith(END)).toBe(true);
    for (const route of restRoutes) {
      expect(table).toContain(`| ${route.method} ${route.path} | ${route.procedure} |`);
    }
  });
});
