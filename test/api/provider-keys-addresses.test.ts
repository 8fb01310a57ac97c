import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildProviderKeys } from '../../db/schema';
import { isPrivateAddress } from '../../src/server/translation/providers/public-fetch';
import { type FakeProvider, startFakeOpenAI } from '../fakes/openai';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A server's own OpenAI-compatible address is typed by that server's admin: by default this
 * server only calls public addresses with it, so no admin can make it reach its own machine, its
 * network or a cloud metadata endpoint (PROVIDER_KEY_PRIVATE_URLS=true allows them).
 */
let s: TestServer;
let openai: FakeProvider;
beforeAll(async () => {
  openai = await startFakeOpenAI();
  s = await startTestServer({
    env: { PROVIDER_KEY_SECRET: Buffer.alloc(32, 9).toString('base64') },
    guilds: [{ id: 'pa-plus', plan: 'plus' }],
  });
});
afterAll(async () => {
  await s?.close();
  await openai?.close();
});

describe("a server's own provider address", () => {
  it('is refused when it is loopback, private or link-local, by IP or by name: a 400 naming baseUrl, no request, nothing written', async () => {
    const port = new URL(openai.url).port;
    const before = openai.requests.length;
    for (const baseUrl of [
      openai.url,
      `http://localhost:${port}/v1`,
      `http://[::1]:${port}/v1`,
      'http://169.254.169.254/latest',
      'http://10.1.2.3/v1',
      'http://[::ffff:127.0.0.1]/v1',
    ]) {
      const res = await s.api('/api/provider-key?guildId=pa-plus', {
        method: 'PUT',
        admin: true,
        body: { provider: 'openai', key: 'sk-abcdefghijkl', baseUrl, model: 'llama3' },
      });
      expect(res.status, baseUrl).toBe(400);
      expect(res.json.error, baseUrl).toMatch(
        /^baseUrl: .* is a private or local address .*Nothing was saved\.$/,
      );
      expect(res.text).not.toContain('sk-abcdefghijkl');
    }
    expect(openai.requests.length).toBe(before);
    const rows = await s.services.db
      .select()
      .from(guildProviderKeys)
      .where(eq(guildProviderKeys.guildId, 'pa-plus'))
      .all();
    expect(rows).toEqual([]);
  });

  it('tells private and reserved addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', 'not-an-ip'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});
