import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { createCaller } from '../../src/server/app/router';
import { isOperator } from '../../src/server/features/setup/setup';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

/** tRPC over HTTP (superjson): the dashboard's own calls. */
async function trpc(s: TestServer, name: string, opts: { input?: unknown; token?: boolean } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token !== false) headers.authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
  const isQuery = !name.endsWith('testTranslation');
  const url = isQuery
    ? `${s.url}/trpc/${name}${opts.input ? `?input=${encodeURIComponent(JSON.stringify({ json: opts.input }))}` : ''}`
    : `${s.url}/trpc/${name}`;
  const res = await fetch(url, {
    method: isQuery ? 'GET' : 'POST',
    headers,
    body: isQuery ? undefined : JSON.stringify({ json: opts.input ?? {} }),
  });
  const body = (await res.json()) as { result?: { data: { json: unknown } }; error?: unknown };
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  return { status: res.status, data: body.result?.data.json as any };
}

describe('a fresh installation: no bot token, no provider, no Stripe', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('says the bot is not configured', async () => {
    const res = await trpc(s, 'setup.status');
    expect(res.status).toBe(200);
    expect(res.data.bot).toMatchObject({ state: 'not_configured', latencyMs: null });
    expect(res.data.operator).toBe(true);
  });

  it('lists every step open, with what to set for the operator', async () => {
    const res = await trpc(s, 'setup.checklist');
    expect(res.data.complete).toBe(false);
    const steps = Object.fromEntries(res.data.steps.map((st: { key: string }) => [st.key, st]));
    expect(Object.keys(steps)).toEqual([
      'bot',
      'provider',
      'login',
      'stripe',
      'invite',
      'commands',
      'permissions',
      'channelLink',
    ]);
    for (const st of Object.values(steps) as { done: boolean }[]) expect(st.done).toBe(false);
    expect(steps.bot.howTo.env).toEqual(['DISCORD_TOKEN']);
    expect(steps.bot.howTo.docs.map((d: { href: string }) => d.href)).toContain('/setup');
    expect(steps.provider.howTo.env).toContain('GEMINI_API_KEY');
    expect(steps.stripe.howTo.env).toContain('STRIPE_SECRET_KEY');
    expect(steps.invite.howTo.env).toEqual(['DISCORD_CLIENT_ID']);
    expect(steps.channelLink.action.href).toBe('/admin/channels');
  });

  it('a test translation without a provider says so', async () => {
    const res = await trpc(s, 'setup.testTranslation');
    expect(res.data).toMatchObject({ ok: false, provider: null });
  });

  it('serves the setup documents the checklist links to', async () => {
    const doc = await s.api('/docs/discord-setup.md');
    expect(doc.status).toBe(200);
    expect(doc.text).toContain('Privileged Gateway Intents');
    expect((await s.api('/docs/README.md')).text).toContain('## Configuration');
    expect((await s.api('/docs/..%2Fpackage.json')).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await trpc(s, 'setup.status', { token: false })).status).toBe(401);
    expect((await trpc(s, 'setup.checklist', { token: false })).status).toBe(401);
  });

  it("a server admin's Discord login is not the operator: no checklist, no configuration words", async () => {
    const actor = { kind: 'discord', sessionId: 's1', userId: '42', username: 'ana', avatar: null } as const;
    expect(isOperator({ actor })).toBe(false);
    const caller = createCaller({ ...s.services, actor, clientIp: 'test' });
    const refused = await caller.setup.checklist().catch((e) => e);
    expect(refused.code).toBe('FORBIDDEN');
    expect(JSON.stringify(await caller.setup.status())).not.toMatch(
      /DISCORD_|GEMINI_|STRIPE_|OPENAI_|_KEY|_TOKEN|_SECRET/,
    );
    expect(isOperator({ actor: { kind: 'admin', via: 'session', sessionId: 's2' } })).toBe(true);
    expect(isOperator({ actor: { kind: 'public' } })).toBe(false);
  });
});

describe('the demo (npm start -- --demo): sample data, no bot token', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    await seedDemo(s.services.db, s.env.DEFAULT_GUILD_ID, new Date());
  });
  afterAll(() => s.close());

  it('ticks no step that did not happen: the sample channels, links and plan are not a bot that joined or linked', async () => {
    const res = await trpc(s, 'setup.checklist');
    const steps = Object.fromEntries(res.data.steps.map((st: { key: string }) => [st.key, st]));
    for (const key of ['bot', 'provider', 'invite', 'commands', 'permissions', 'channelLink'])
      expect({ key, done: steps[key].done }).toEqual({ key, done: false });
    expect(res.data.complete).toBe(false);
    expect(steps.invite.summary).toBe('The bot is in no server yet.');
    expect(steps.commands.summary).not.toMatch(/registered for/);
    expect(steps.permissions.summary).toMatch(/^Checked once the bot is in a server/);
    // The demo's links exist, and the step says what they are instead of "set up".
    expect(steps.channelLink.summary).toMatch(/stored \(sample data with --demo\), but no bot is connected/);
    expect(steps.channelLink.summary).not.toMatch(/set up\./);
  });
});

describe('configured: provider, login, Stripe', () => {
  let s: TestServer;
  const rec = recordingTranslator();
  beforeAll(async () => {
    s = await startTestServer({
      env: {
        DISCORD_CLIENT_ID: '1234567890',
        DISCORD_CLIENT_SECRET: 'secret',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
      overrides: { translator: rec.translator },
    });
  });
  afterAll(() => s.close());

  it('turns the configured steps green and offers the invite link', async () => {
    const res = await trpc(s, 'setup.checklist');
    const steps = Object.fromEntries(res.data.steps.map((st: { key: string }) => [st.key, st]));
    expect(steps.provider.done).toBe(true);
    expect(steps.login.done).toBe(true);
    expect(steps.stripe.done).toBe(true);
    expect(steps.invite.action.href).toContain('client_id=1234567890');
  });

  it('a test translation goes through the provider; a failing one turns the step red', async () => {
    const ok = await trpc(s, 'setup.testTranslation', { input: { target: 'fr' } });
    expect(ok.data).toMatchObject({ ok: true, language: 'French' });
    expect(ok.data.text).toContain('[fr]');
    rec.state.fail = new Error('the provider answered 401: API key not valid');
    try {
      const bad = await trpc(s, 'setup.testTranslation');
      expect(bad.data).toMatchObject({ ok: false });
      expect(bad.data.error).toContain('API key not valid');
      const list = await trpc(s, 'setup.checklist');
      const provider = list.data.steps.find((st: { key: string }) => st.key === 'provider');
      expect(provider.done).toBe(false);
      expect(provider.summary).toContain('API key not valid');
    } finally {
      rec.state.fail = null;
    }
    await trpc(s, 'setup.testTranslation');
    const list = await trpc(s, 'setup.checklist');
    expect(list.data.steps.find((st: { key: string }) => st.key === 'provider').done).toBe(true);
  });
});
