import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, makeGuild, startFakeDiscord } from '../fakes/discord';
import { takeContractViolations } from '../fakes/discord/contract';
import { routesInCode } from '../fakes/discord/contract-coverage';

/**
 * The contract check of the fake Discord (test/fakes/discord/contract.ts) against Discord's
 * published description: what it refuses, what Discord answers then, what it records (each test
 * takes its deliberate violations, so contract-setup.ts does not fail it), and what it lets through.
 */
let fake: FakeDiscord;
const guild = makeGuild('Contract', ['general']);
const general = guild.channels[0]!.id;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [guild] });
});
afterAll(() => fake.close());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

describe("requests are checked against Discord's description", () => {
  it('a route the description does not have is answered 404 and recorded', async () => {
    const res = await call('GET', `/channels/${general}/no-such-thing`);
    expect(res.status).toBe(404);
    expect(takeContractViolations()).toEqual([
      expect.objectContaining({ kind: 'unknown-route', path: `/channels/${general}/no-such-thing` }),
    ]);
  });

  it('a method the route does not have is answered 405 and recorded with the route', async () => {
    const res = await call('PUT', `/channels/${general}/messages`, { content: 'x' });
    expect(res.status).toBe(405);
    const [v] = takeContractViolations();
    expect(v).toMatchObject({ kind: 'wrong-method', route: '/channels/{channel_id}/messages' });
    expect(v!.errors[0]).toContain('it has GET, POST');
  });

  it("an invalid body is answered 400 in Discord's error format, naming the field, and nothing is created", async () => {
    const before = fake.rest.messages.size;
    const res = await call('POST', `/channels/${general}/messages`, {
      content: 'x',
      embeds: [{ title: 'x'.repeat(300) }],
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    expect(fake.rest.messages.size).toBe(before);
    const [v] = takeContractViolations();
    expect(v).toMatchObject({ kind: 'invalid-body', operationId: 'create_message' });
    expect(v!.errors.join('; ')).toContain('/embeds/0/title must NOT have more than 256 characters');
  });

  it('permission bit sets as decimal strings pass (the one listed exception); other strings do not', async () => {
    const overwrite = (allow: string) => ({ id: guild.id, type: 0, allow, deny: '0' });
    fake.rest.addRoute('POST', /^\/guilds\/(\d+)\/channels$/, (_m, b) => [
      201,
      { id: '1', type: 0, guild_id: guild.id, name: b?.name, position: 0, flags: 0 },
    ]);
    const ok = await call('POST', `/guilds/${guild.id}/channels`, {
      name: 'ok',
      permission_overwrites: [overwrite('1024')],
    });
    expect(ok.status).toBe(201);
    expect(takeContractViolations()).toEqual([]);
    const bad = await call('POST', `/guilds/${guild.id}/channels`, {
      name: 'bad',
      permission_overwrites: [overwrite('lots')],
    });
    expect(bad.status).toBe(400);
    expect(takeContractViolations()[0]!.errors.join('; ')).toContain('/permission_overwrites/0/allow');
  });
});

describe("the fake's answers are checked too", () => {
  it('an answer missing what Discord always sends is recorded as invalid-response', async () => {
    fake.rest.addRoute('GET', /^\/channels\/(\d+)\/messages\/(\d+)$/, () => [
      200,
      { id: '1', content: 'half' },
    ]);
    const res = await call('GET', `/channels/${general}/messages/123`);
    expect(res.status).toBe(200);
    const [v] = takeContractViolations();
    expect(v).toMatchObject({ kind: 'invalid-response', operationId: 'get_message', status: 200 });
    expect(v!.errors.join('; ')).toContain("must have required property 'author'");
  });
});

describe('the routes the product calls, found in its code', () => {
  it("resolves Routes.* calls to the description's templates with the REST method around them", () => {
    const keys = routesInCode(process.cwd()).map((r) => r.key);
    expect(keys).toContain('POST /channels/{channel_id}/messages');
    expect(keys).toContain('PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}');
    expect(keys).toContain('DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}');
    expect(keys).toContain('PUT /applications/{application_id}/commands');
    expect(keys.filter((k) => k.startsWith('?'))).toEqual([]);
  });
});
