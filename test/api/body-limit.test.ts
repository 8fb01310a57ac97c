import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/core/http';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

/**
 * Bodies above MAX_BODY_BYTES answer 413 naming the limit, on /api and /trpc, and nothing is
 * written; reads (GET, which carry no body and skip the check) answer as before.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

/**
 * A request announcing a body over the limit (Content-Length), of which only the start is sent: the
 * server answers from the header without reading on, and closes the connection (fetch, still
 * sending the rest, would see the socket close instead of the answer).
 */
function oversized(method: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((done, fail) => {
    const url = new URL(s.url + path);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        agent: false,
        headers: { ...auth, 'content-length': String(MAX_BODY_BYTES + 1) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', fail);
    req.write('{"rateLimitPerUser": 7, "pad": "');
  });
}

describe('request bodies', () => {
  it('over the limit answer 413 naming it, on /api and /trpc, and change nothing', async () => {
    const before = await (await fetch(`${s.url}/api/translation/settings`, { headers: auth })).text();
    for (const [method, path] of [
      ['PATCH', '/api/translation/settings'],
      ['POST', '/trpc/translation.updateSettings'],
    ] as const) {
      const res = await oversized(method, path);
      expect(res.status, path).toBe(413);
      expect(res.body, path).toEqual({ error: 'body: larger than 1 MB; send less' });
    }
    const after = await (await fetch(`${s.url}/api/translation/settings`, { headers: auth })).text();
    expect(after).toBe(before);
  });

  it('within the limit are read, and reads answer without a body check', async () => {
    const res = await fetch(`${s.url}/api/translation/settings`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ rateLimitPerUser: 40 }),
    });
    expect(res.status).toBe(200);
    const read = await fetch(`${s.url}/api/translation/settings`, { headers: auth });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ rateLimitPerUser: 40 });
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    const trpc = await fetch(`${s.url}/trpc/translation.getSettings?input=${input}`, { headers: auth });
    expect(trpc.status).toBe(200);
  });
});
