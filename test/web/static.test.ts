import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startWebServer();
});
afterAll(() => s.close());

/** Raw bytes and headers as sent (fetch would decompress them). */
function raw(url: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

/**
 * The app's entry script, read from the served index.html (the dashboard's page: the prerendered
 * public pages name it in their after-paint list instead of a script tag).
 */
async function entryScript(): Promise<string> {
  const html = await (await fetch(`${s.url}/admin`)).text();
  const src = html.match(/<script[^>]+type="module"[^>]+src="([^"]+)"/)?.[1];
  expect(src, 'index.html names its entry script').toBeTruthy();
  return src!;
}

describe('static client', () => {
  it('sends assets compressed to browsers that accept it, cached for a year', async () => {
    const path = await entryScript();
    const plain = await raw(s.url + path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await raw(s.url + path, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('sends a page as brotli, else gzip, else plain, as the browser accepts: each the same page, and the same again', async () => {
    for (const path of ['/pricing', '/admin/polls', '/no-such-page']) {
      const plain = await raw(s.url + path, 'identity');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const html = plain.body.toString('utf8');
      expect(html, path).toContain('<div id="root">');
      for (let round = 0; round < 2; round++) {
        const br = await raw(s.url + path, 'gzip, br');
        expect(br.headers['content-encoding'], path).toBe('br');
        expect(brotliDecompressSync(br.body).toString('utf8'), path).toBe(html);
        expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
        const gzip = await raw(s.url + path, 'gzip');
        expect(gzip.headers['content-encoding'], path).toBe('gzip');
        expect(gunzipSync(gzip.body).toString('utf8'), path).toBe(html);
      }
    }
  });

  it('answers every client route with the app, and an unknown /api path with JSON 404', async () => {
    const page = await fetch(`${s.url}/admin/polls`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${s.url}/api/not-a-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'no such API path: GET /api/not-a-thing' });
  });
});
