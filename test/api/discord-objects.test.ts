import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DISCORD_REF_META } from '../../src/common/schemas/discord-refs';
import { restRoutes } from '../../src/server/app/rest-table';
import { appRouter } from '../../src/server/app/router';
import { createApiKey } from '../../src/server/features/api-keys/api-keys';
import { tableContents } from '../helpers/database';
import { CHANNEL_TYPE, seedChannels, seedRoles } from '../helpers/guilds';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

/**
 * One server's admin must never make the bot act in another server. Alice holds an API key of
 * server A only and names Discord objects in A's requests: a channel or role of server B, an id that
 * exists nowhere, and one of A's own of the wrong kind. Every procedure that takes a channel, thread
 * or role id is in the table below (the first test insists, by reading the router), and each refusal
 * is checked over REST and over /trpc: 400 naming the field and the id, and not one row written.
 */

const A = '910000000000000001';
const B = '920000000000000002';
const UNKNOWN = '999999999999999999';
const a = {
  text: '911000000000000001',
  text2: '911000000000000002',
  announcement: '911000000000000003',
  voice: '911000000000000004',
  forum: '911000000000000005',
  thread: '911000000000000006',
  category: '911000000000000007',
  role: '913000000000000001',
  highRole: '913000000000000002',
  managedRole: '913000000000000003',
};
const b = { text: '921000000000000001', forum: '921000000000000002', role: '923000000000000001' };

type Ref =
  | 'channel:text'
  | 'channel:privateThreads'
  | 'channel:textOrThread'
  | 'channel:textOrForum'
  | 'channel:any'
  | 'role:any'
  | 'role:assignable';

/** Ids of server A that are of the wrong kind for a field (none for "any"). */
const WRONG_KIND: Record<Ref, { id: string; says: string }[]> = {
  'channel:text': [
    { id: a.voice, says: 'is a voice channel, not a text channel' },
    { id: a.forum, says: 'is a forum, not a text channel' },
  ],
  'channel:privateThreads': [
    {
      id: a.announcement,
      says: 'is an announcement channel, not a text channel (private threads open only in text channels)',
    },
  ],
  'channel:textOrThread': [{ id: a.category, says: 'is a category, not a text channel or thread' }],
  'channel:textOrForum': [
    { id: a.voice, says: 'is a voice channel, not a text or forum channel' },
    { id: a.thread, says: 'is a thread, not a text or forum channel' },
    { id: a.category, says: 'is a category, not a text or forum channel' },
  ],
  'channel:any': [],
  'role:any': [],
  'role:assignable': [
    { id: a.highRole, says: 'it is above my own role' },
    { id: a.managedRole, says: 'belongs to an integration' },
  ],
};

interface Row {
  procedure: string;
  /** A valid input on server A (the control at the end of each row is accepted). */
  input: Record<string, unknown>;
  /** Each id field: its path in the input and what it must be. */
  fields: { path: string; ref: Ref }[];
}

const TABLE: Row[] = [
  {
    procedure: 'channels.create',
    input: {
      name: 'Languages',
      channels: [
        { channelId: a.text, language: 'en' },
        { channelId: a.text2, language: 'es' },
      ],
    },
    fields: [{ path: 'channels.1.channelId', ref: 'channel:textOrForum' }],
  },
  {
    procedure: 'singleChannel.create',
    input: { channelId: a.announcement, languages: ['en', 'es'] },
    fields: [{ path: 'channelId', ref: 'channel:text' }],
  },
  {
    procedure: 'polls.create',
    input: {
      channelId: a.text,
      question: { en: 'Best game?' },
      options: [{ text: { en: 'Chess' } }, { text: { en: 'Go' } }],
      createdBy: 'alice',
    },
    fields: [{ path: 'channelId', ref: 'channel:text' }],
  },
  {
    procedure: 'announcements.create',
    input: {
      createdBy: 'alice',
      originalText: 'Server maintenance tonight',
      originalLanguage: 'en',
      targetChannels: [{ language: 'es', channelId: a.text }],
    },
    fields: [{ path: 'targetChannels.0.channelId', ref: 'channel:text' }],
  },
  {
    procedure: 'reactionRoles.create',
    input: {
      channelId: a.text,
      title: 'Pick your games',
      roles: [{ emoji: '🎮', label: 'Gamer', roleId: a.role }],
    },
    fields: [
      { path: 'channelId', ref: 'channel:text' },
      { path: 'roles.0.roleId', ref: 'role:assignable' },
    ],
  },
  {
    procedure: 'welcome.update',
    input: { enabled: true, channelId: a.text, roleId: a.role },
    fields: [
      { path: 'channelId', ref: 'channel:text' },
      { path: 'roleId', ref: 'role:assignable' },
    ],
  },
  {
    procedure: 'moderation.updateRules',
    input: { logChannelId: a.text },
    fields: [{ path: 'logChannelId', ref: 'channel:text' }],
  },
  {
    procedure: 'tickets.postPanel',
    input: { channelId: a.text },
    fields: [{ path: 'channelId', ref: 'channel:text' }],
  },
  {
    procedure: 'tickets.updateSettings',
    input: { channelId: a.text, supportRoleId: a.highRole },
    fields: [
      { path: 'channelId', ref: 'channel:privateThreads' },
      { path: 'supportRoleId', ref: 'role:any' },
    ],
  },
  {
    procedure: 'voice.updateSettings',
    input: { captionChannelId: a.thread },
    fields: [{ path: 'captionChannelId', ref: 'channel:textOrThread' }],
  },
  {
    procedure: 'xp.updateSettings',
    input: {
      levelUpChannelId: a.text,
      ignoredChannels: [a.voice],
      roleRewards: [{ level: 5, roleId: a.role }],
    },
    fields: [
      { path: 'levelUpChannelId', ref: 'channel:text' },
      { path: 'ignoredChannels.0', ref: 'channel:any' },
      { path: 'roleRewards.0.roleId', ref: 'role:assignable' },
    ],
  },
  {
    procedure: 'exchange.updateSettings',
    input: { channelId: a.text },
    fields: [{ path: 'channelId', ref: 'channel:privateThreads' }],
  },
];

type Json = Record<string, unknown>;
const procedures = (
  appRouter as unknown as {
    _def: { procedures: Record<string, { _def: { inputs: z.ZodType[]; type: string } }> };
  }
)._def.procedures;

function jsonSchemas(path: string): Json[] {
  return (procedures[path]?._def.inputs ?? []).map(
    (input) => z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Json,
  );
}

/** The Discord-object declarations in a procedure's input, e.g. ['channel:text', 'role:assignable']. */
function declaredRefs(path: string): string[] {
  const re = new RegExp(`"${DISCORD_REF_META}":"([^"]+)"`, 'g');
  return jsonSchemas(path)
    .flatMap((s) => [...JSON.stringify(s).matchAll(re)].map((m) => m[1] as string))
    .sort();
}

const alternatives = (s: Json) => [
  ...((s.anyOf ?? []) as Json[]),
  ...((s.oneOf ?? []) as Json[]),
  ...((s.allOf ?? []) as Json[]),
];
const takesText = (s: Json): boolean =>
  s.type === 'string' ||
  (s.type === 'array' && takesText(s.items as Json)) ||
  alternatives(s).some(takesText);
const declared = (s: Json): boolean =>
  Boolean(s[DISCORD_REF_META]) ||
  (s.type === 'array' && declared(s.items as Json)) ||
  alternatives(s).some(declared);

/** Fields named like a channel, thread or role id (or list of them) that carry no declaration. */
function undeclaredIdFields(s: Json, at = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    if (/(channel|thread|role)(Id)?s?$/i.test(key) && takesText(value) && !declared(value))
      found.push(at + key);
    found.push(...undeclaredIdFields(value, `${at}${key}.`));
  }
  if (s.items) found.push(...undeclaredIdFields(s.items as Json, `${at}[].`));
  for (const alt of alternatives(s)) found.push(...undeclaredIdFields(alt, at));
  return found;
}

function withValue(input: Json, path: string, value: string): Json {
  const copy = structuredClone(input);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1] as string] = value;
  return copy;
}

let s: TestServer;
let aliceKey = '';

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: A, plan: 'ultimate' },
      { id: B, plan: 'ultimate' },
    ],
  });
  const { text, publicThread, voice, forum, announcement, category } = CHANNEL_TYPE;
  await seedChannels(s.services, A, [
    { id: a.text, name: 'general', type: text },
    { id: a.text2, name: 'espanol', type: text },
    { id: a.announcement, name: 'news', type: announcement },
    { id: a.voice, name: 'Lounge', type: voice },
    { id: a.forum, name: 'help', type: forum },
    { id: a.thread, name: 'captions', type: publicThread, parentId: a.text },
    { id: a.category, name: 'Community', type: category },
  ]);
  await seedRoles(s.services, A, [
    { id: a.role, name: 'Gamer' },
    { id: a.highRole, name: 'Moderators', assignable: false },
    { id: a.managedRole, name: 'Other Bot', managed: true, assignable: false },
  ]);
  await seedChannels(s.services, B, [
    { id: b.text, name: 'b-general', type: text },
    { id: b.forum, name: 'b-help', type: forum },
  ]);
  await seedRoles(s.services, B, [{ id: b.role, name: 'B Members' }]);
  aliceKey = (await createApiKey(s.services.db, A, 'Alice', 'alice', new Date())).key;
});
afterAll(async () => {
  await s?.close();
});

/** The same call over REST (the route the spec gives) and over /trpc, as Alice. */
async function callRest(procedure: string, input: Json): Promise<{ status: number; message: string }> {
  const route = restRoutes.find((r) => r.procedure === procedure);
  if (!route) throw new Error(`no REST route for ${procedure}`);
  const res = await s.api(`${route.path.replace(':guildId', A)}?guildId=${A}`, {
    method: route.method,
    body: input,
    headers: { authorization: `Bearer ${aliceKey}` },
  });
  return { status: res.status, message: String(res.json?.error ?? res.text) };
}

async function callTrpc(
  procedure: string,
  input: Json,
  token = aliceKey,
): Promise<{ status: number; message: string }> {
  const body = JSON.stringify({ json: { ...input, guildId: A } });
  const query = procedures[procedure]?._def.type === 'query';
  const res = await fetch(`${s.url}/trpc/${procedure}${query ? `?input=${encodeURIComponent(body)}` : ''}`, {
    method: query ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(query ? {} : { body }),
  });
  const answer = (await res.json()) as { error?: { json: { message: string } } };
  return { status: res.status, message: answer.error?.json.message ?? '' };
}

describe('Discord objects named in a request belong to the server acted on', () => {
  it('the table holds every procedure that takes a channel, thread or role id, with each of its fields', () => {
    const declaring = Object.keys(procedures).filter((p) => declaredRefs(p).length > 0);
    expect(TABLE.map((r) => r.procedure).sort()).toEqual(declaring.sort());
    for (const row of TABLE)
      expect(row.fields.map((f) => f.ref).sort(), row.procedure).toEqual(declaredRefs(row.procedure));
  });

  it('a field named like a channel, thread or role id without the declaration is only on the bot’s own procedures', async () => {
    const undeclared = Object.keys(procedures).filter((p) =>
      jsonSchemas(p).some((j) => undeclaredIdFields(j).length),
    );
    expect(undeclared.length).toBeGreaterThan(0);
    for (const procedure of undeclared) {
      const res = await callTrpc(procedure, {}, TEST_ADMIN_TOKEN);
      expect([res.status, res.message], procedure).toEqual([403, 'only the bot may call this']);
    }
  });

  for (const row of TABLE) {
    for (const field of row.fields) {
      const [object] = field.ref.split(':') as ['channel' | 'role'];
      const cases = [
        {
          what: `a ${object} of another server`,
          id: object === 'channel' ? b.text : b.role,
          says: 'of this server',
        },
        { what: 'an id that exists nowhere', id: UNKNOWN, says: 'of this server' },
        ...WRONG_KIND[field.ref].map((w) => ({ what: `${w.id} of the wrong kind`, ...w })),
      ];
      for (const c of cases) {
        it(`${row.procedure} ${field.path}: ${c.what} is refused with 400 naming it, nothing written`, async () => {
          const input = withValue(row.input, field.path, c.id);
          const before = await tableContents(s.services.db);
          for (const call of [callRest, callTrpc]) {
            const res = await call(row.procedure, input);
            expect(res.status, `${call.name}: ${res.message}`).toBe(400);
            expect(res.message).toContain(`${field.path}: ${c.id}`);
            expect(res.message).toContain(c.says);
          }
          expect(await tableContents(s.services.db)).toBe(before);
        });
      }
    }
    it(`${row.procedure}: the server's own objects of the right kind are accepted`, async () => {
      const res = await callTrpc(row.procedure, row.input);
      expect(res.status, res.message).toBe(200);
    });
  }
});

describe('a channel link of forums (issue 28)', () => {
  const link = (channels: [string, string][], mode?: string) => ({
    name: 'Help',
    ...(mode ? { mode } : {}),
    channels: channels.map(([channelId, language]) => ({ channelId, language })),
  });
  const cases: { what: string; input: Json; status: number; says: string[] }[] = [
    {
      what: 'a forum of another server',
      input: link([
        [a.forum, 'en'],
        [b.forum, 'es'],
      ]),
      status: 400,
      says: [`channels.1.channelId: ${b.forum}`, 'is not a text or forum channel of this server'],
    },
    {
      what: 'a forum with a text channel',
      input: link([
        [a.forum, 'en'],
        [a.text, 'es'],
      ]),
      status: 400,
      says: [
        `#help (${a.forum}) is a forum and #general (${a.text}) is a text channel`,
        'a link holds text channels or forums, not both',
      ],
    },
    {
      what: 'a forum as a single-channel room',
      input: link([[a.forum, 'en']], 'single'),
      status: 400,
      says: [`#help (${a.forum}) is a forum; a translation room is one text channel`],
    },
  ];
  for (const c of cases) {
    it(`${c.what} is refused with 400 naming it, nothing written`, async () => {
      const before = await tableContents(s.services.db);
      for (const call of [callRest, callTrpc]) {
        const res = await call('channels.create', c.input);
        expect(res.status, `${call.name}: ${res.message}`).toBe(c.status);
        for (const part of c.says) expect(res.message).toContain(part);
      }
      expect(await tableContents(s.services.db)).toBe(before);
    });
  }
});
