import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

// Without the web client built (the browser suite, test/web/pages.test.ts, covers the HTML 404 page).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope', 'no such API path: GET /api/nope'],
    ['POST', '/nope', 'no such path: POST /nope'],
    ['DELETE', '/admin/polls', 'no such path: DELETE /admin/polls'],
  ])('%s %s answers 404 with JSON { error }', async (method, path, error) => {
    const res = await s.api(path, { method });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error });
  });

  it('an unknown tRPC procedure answers 404 in the tRPC error envelope', async () => {
    const res = await fetch(`${s.url}/trpc/nope.nothing`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.json.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('a page path that is not a page answers 404 even without the web client built', async () => {
    expect((await s.api('/no-such-page')).status).toBe(404);
    // A real page says the client is missing, rather than pretending it does not exist.
    expect((await s.api('/pricing')).status).toBe(503);
  });
});
