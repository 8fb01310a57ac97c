import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollVotes } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import type { TranslateRequest, Translator } from '../../src/server/core/translator';
import { TranslationUnavailableError } from '../../src/server/core/translator';
import { seedChannels, seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/** A translator that writes "[xx] text" for each target, or fails when told to. */
function recordingTranslator() {
  const calls: TranslateRequest[] = [];
  let failure: Error | null = null;
  const translator: Translator = {
    provider: 'recording',
    async translate(req) {
      calls.push(req);
      if (failure) throw failure;
      return {
        source: req.source ?? 'en',
        translations: Object.fromEntries(req.targets.map((t) => [t, `[${t}] ${req.text}`])),
        skipped: [],
      };
    },
  };
  return {
    translator,
    calls,
    failWith(err: Error | null) {
      failure = err;
    },
  };
}

const fake = recordingTranslator();
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    overrides: { translator: fake.translator },
    guilds: [{ id: 'default', plan: 'plus' }],
  });
});
afterAll(() => s.close());

let nextGuild = 100;
/** A server on the Plus plan (polls need it). */
const freshGuild = async () => {
  const id = `p${nextGuild++}`;
  await seedGuild(s.services, id, { plan: 'plus' });
  return id;
};
let nextChannel = 700_000;

const poll = (over: Record<string, unknown> = {}) => ({
  channelId: '',
  question: { en: 'Best game?' },
  options: [
    { id: 'opt-1', text: { en: 'Chess' } },
    { id: 'opt-2', text: { en: 'Go' } },
  ],
  allowMultiple: false,
  createdBy: 'admin',
  ...over,
});
const create = (guildId: string, body: unknown) =>
  s.api(`/api/polls?guildId=${guildId}`, { method: 'POST', admin: true, body });
const list = (guildId: string) => s.api(`/api/polls?guildId=${guildId}`, { admin: true });
/** A new text channel of the server, as the bot syncs it. */
async function newChannel(guildId: string): Promise<string> {
  const id = String(nextChannel++);
  await seedChannels(s.services, guildId, [id]);
  return id;
}
async function linkLanguages(guildId: string, languages: string[]) {
  const channels = [];
  for (const language of languages) channels.push({ channelId: await newChannel(guildId), language });
  const res = await s.api(`/api/channels/links?guildId=${guildId}`, {
    method: 'POST',
    admin: true,
    body: { name: 'langs', channels },
  });
  expect(res.status).toBe(201);
}

describe('polls', () => {
  it('creates a poll (201) with every option in votes, and the list shows it', async () => {
    const g = await freshGuild();
    await seedChannels(s.services, g, ['123456']);
    const res = await create(g, poll({ channelId: '123456' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      guildId: g,
      channelId: '123456',
      question: { en: 'Best game?' },
      options: [
        { id: 'opt-1', text: { en: 'Chess' } },
        { id: 'opt-2', text: { en: 'Go' } },
      ],
      votes: { 'opt-1': [], 'opt-2': [] },
      allowMultiple: false,
      active: true,
      endsAt: null,
      createdBy: 'admin',
    });
    expect(res.json).not.toHaveProperty('messageId');
    const listed = await list(g);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([res.json]);
  });

  it('drops blank options and blank texts, assigns opt-N ids where missing, keeps given ones', async () => {
    const g = await freshGuild();
    const res = await create(
      g,
      poll({
        question: { en: '  Lunch?  ', fr: '   ' },
        options: [
          { id: 'opt-3', text: { en: 'Pizza' } },
          { text: { en: '   ' } },
          { text: { en: 'Sushi' } },
          { text: { en: 'Tacos', es: '' } },
        ],
        allowMultiple: true,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json.question).toEqual({ en: 'Lunch?' });
    expect(res.json.options).toEqual([
      { id: 'opt-3', text: { en: 'Pizza' } },
      { id: 'opt-1', text: { en: 'Sushi' } },
      { id: 'opt-2', text: { en: 'Tacos' } },
    ]);
    expect(res.json.allowMultiple).toBe(true);
  });

  it('shows votes per option from poll_votes', async () => {
    const g = await freshGuild();
    const made = await create(g, poll());
    await s.services.db
      .insert(pollVotes)
      .values([
        { pollId: made.json.id, optionId: 'opt-2', userId: 'u1' },
        { pollId: made.json.id, optionId: 'opt-2', userId: 'u2' },
      ])
      .run();
    const [shown] = (await list(g)).json;
    expect(shown.votes).toEqual({ 'opt-1': [], 'opt-2': ['u1', 'u2'] });
  });

  it('lists newest first and keeps guilds apart; a poll past its end shows as closed', async () => {
    const g = await freshGuild();
    const first = await create(g, poll({ question: { en: 'First' } }));
    const second = await create(
      g,
      poll({ question: { en: 'Second' }, endsAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(second.json.endsAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const shown = (await list(g)).json;
    expect(shown.map((p: { id: number }) => p.id)).toEqual([second.json.id, first.json.id]);
    expect((await list(await freshGuild())).json).toEqual([]);

    const later = await startTestServer({
      dir: s.dir,
      overrides: { clock: () => new Date(Date.now() + 7_200_000) },
    });
    try {
      const polls = (await later.api(`/api/polls?guildId=${g}`, { admin: true })).json;
      expect(polls.find((p: { id: number }) => p.id === second.json.id).active).toBe(false);
      expect(polls.find((p: { id: number }) => p.id === first.json.id).active).toBe(true);
    } finally {
      await later.stop();
    }
  });

  it('delete answers { id, deleted: true }, removes the votes, and the poll is gone', async () => {
    const g = await freshGuild();
    const made = await create(g, poll());
    await s.services.db
      .insert(pollVotes)
      .values({ pollId: made.json.id, optionId: 'opt-1', userId: 'u9' })
      .run();
    const before = await tableCounts(s.services);
    const del = await s.api(`/api/polls/${made.json.id}?guildId=${g}`, { method: 'DELETE', admin: true });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: made.json.id, deleted: true });
    expect((await list(g)).json).toEqual([]);
    const after = await tableCounts(s.services);
    expect(after.polls).toBe(before.polls - 1);
    expect(after.poll_votes).toBe(before.poll_votes - 1);
  });

  it('answers 404 for unknown ids and another guild’s poll, 400 for a non-number id', async () => {
    const [g1, g2] = [await freshGuild(), await freshGuild()];
    const made = await create(g1, poll());
    const foreign = await s.api(`/api/polls/${made.json.id}?guildId=${g2}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe(`poll ${made.json.id} not found`);
    expect((await list(g1)).json).toHaveLength(1);
    expect(
      (await s.api(`/api/polls/424242?guildId=${g1}`, { method: 'DELETE', admin: true })).json.error,
    ).toBe('poll 424242 not found');
    const nan = await s.api(`/api/polls/first?guildId=${g1}`, { method: 'DELETE', admin: true });
    expect(nan.status).toBe(400);
    expect(nan.json.error).toContain('id: must be a whole number');
  });

  it.each([
    [poll({ question: {} }), 'question: write the question in at least one language'],
    [poll({ question: { en: '   ' } }), 'question'],
    [poll({ question: 'Best game?' }), 'question'],
    [poll({ question: { English: 'Best game?' } }), 'question'],
    [
      poll({ options: [{ text: { en: 'Only one' } }, { text: { en: ' ' } }] }),
      'options: at least 2 non-blank options are needed',
    ],
    [poll({ options: [] }), 'options: at least 2 non-blank options are needed'],
    [
      poll({
        options: [
          { id: 'opt-1', text: { en: 'A' } },
          { id: 'opt-1', text: { en: 'B' } },
        ],
      }),
      'options: option id opt-1 is used twice',
    ],
    [
      poll({
        options: [{ id: 'first', text: { en: 'A' } }, { text: { en: 'B' } }],
      }),
      'options.0.id',
    ],
    [poll({ createdBy: '' }), 'createdBy'],
    [poll({ createdBy: undefined }), 'createdBy'],
    [poll({ channelId: 'general' }), 'channelId'],
    [poll({ channelId: '999999999' }), 'channelId: 999999999 is not a text channel of this server'],
    [poll({ allowMultiple: 'yes' }), 'allowMultiple'],
    [poll({ endsAt: 'tomorrow' }), 'endsAt'],
    [poll({ endsAt: '2001-01-01T00:00:00Z' }), 'endsAt: must be in the future'],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const g = await freshGuild();
    await linkLanguages(g, ['en', 'es']);
    const before = await tableCounts(s.services);
    const callsBefore = fake.calls.length;
    const res = await create(g, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
    expect(fake.calls.length).toBe(callsBefore);
  });

  it('works in-process (tRPC caller) with Date objects for endsAt', async () => {
    const caller = createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 'test' });
    const g = await freshGuild();
    const endsAt = new Date(Date.now() + 86_400_000);
    const made = await caller.polls.create({ ...poll(), guildId: g, endsAt });
    expect(made.endsAt).toEqual(endsAt);
    expect(made.votes).toEqual({ 'opt-1': [], 'opt-2': [] });
    const [listed] = await caller.polls.list({ guildId: g });
    expect(listed.id).toBe(made.id);
    expect(await caller.polls.delete({ guildId: g, id: made.id })).toEqual({ id: made.id, deleted: true });
  });

  it('needs credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await s.api('/api/polls')).status).toBe(401);
    expect((await s.api('/api/polls', { method: 'POST', body: poll() })).status).toBe(401);
    expect((await s.api('/api/polls/1', { method: 'DELETE' })).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});

describe('poll translation', () => {
  it('fills every language of the linked channels the poll lacks, one call per text', async () => {
    const g = await freshGuild();
    await linkLanguages(g, ['en', 'es', 'fr']);
    await linkLanguages(g, ['de']);
    fake.calls.length = 0;
    const res = await create(
      g,
      poll({
        question: { en: 'Best game?', es: '¿Mejor juego?' },
        options: [
          { id: 'opt-1', text: { en: 'Chess' } },
          { id: 'opt-2', text: { en: 'Go' } },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json.question).toEqual({
      en: 'Best game?',
      es: '¿Mejor juego?',
      de: '[de] Best game?',
      fr: '[fr] Best game?',
    });
    expect(res.json.options).toEqual([
      { id: 'opt-1', text: { en: 'Chess', de: '[de] Chess', es: '[es] Chess', fr: '[fr] Chess' } },
      { id: 'opt-2', text: { en: 'Go', de: '[de] Go', es: '[es] Go', fr: '[fr] Go' } },
    ]);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[0]).toMatchObject({
      text: 'Best game?',
      source: 'en',
      targets: ['de', 'fr'],
      origin: 'poll',
      guildId: g,
    });
    expect(fake.calls[1]).toMatchObject({
      text: 'Chess',
      source: 'en',
      targets: ['de', 'es', 'fr'],
      origin: 'poll',
    });
    expect((await list(g)).json[0].question.fr).toBe('[fr] Best game?');
  });

  it('translates from the language given when the poll has no English', async () => {
    const g = await freshGuild();
    await linkLanguages(g, ['en', 'ja']);
    fake.calls.length = 0;
    const res = await create(
      g,
      poll({
        question: { ja: '好きなゲームは?' },
        options: [{ text: { ja: '将棋' } }, { text: { ja: '囲碁' } }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json.question).toEqual({ ja: '好きなゲームは?', en: '[en] 好きなゲームは?' });
    expect(fake.calls.every((c) => c.source === 'ja' && c.targets.join() === 'en')).toBe(true);
  });

  it('makes no call when the poll already has every linked language, or the guild has no links', async () => {
    const g = await freshGuild();
    fake.calls.length = 0;
    expect((await create(g, poll())).status).toBe(201);
    await linkLanguages(g, ['en']);
    expect((await create(g, poll())).status).toBe(201);
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['no provider is configured', new TranslationUnavailableError()],
    ['the provider fails', new Error('provider answered 500')],
  ])('still creates the poll with the languages it was given when %s', async (_why, err) => {
    const g = await freshGuild();
    await linkLanguages(g, ['en', 'es', 'fr']);
    fake.failWith(err);
    try {
      const res = await create(g, poll());
      expect(res.status).toBe(201);
      expect(res.json.question).toEqual({ en: 'Best game?' });
      expect(res.json.options).toEqual([
        { id: 'opt-1', text: { en: 'Chess' } },
        { id: 'opt-2', text: { en: 'Go' } },
      ]);
      expect((await list(g)).json).toHaveLength(1);
    } finally {
      fake.failWith(null);
    }
  });
});

describe('poll delivery, closing and the plan', () => {
  it('a poll with a channel is queued until the bot posts it; without one it is not posted', async () => {
    const g = await freshGuild();
    const queued = await create(g, poll({ channelId: await newChannel(g) }));
    expect(queued.json.delivery).toBe('queued');
    const unposted = await create(g, poll());
    expect(unposted.json.delivery).toBe('not posted');
    expect(queued.json).not.toHaveProperty('messageId');
  });

  it('close ends the poll early (active false, closedAt set); closing again changes nothing', async () => {
    const g = await freshGuild();
    const made = await create(g, poll());
    const closed = await s.api(`/api/polls/${made.json.id}/close?guildId=${g}`, {
      method: 'POST',
      admin: true,
    });
    expect(closed.status).toBe(200);
    expect(closed.json.active).toBe(false);
    expect(closed.json.closedAt).toBeTruthy();
    const again = await s.api(`/api/polls/${made.json.id}/close?guildId=${g}`, {
      method: 'POST',
      admin: true,
    });
    expect(again.json.closedAt).toBe(closed.json.closedAt);
    expect((await list(g)).json[0].active).toBe(false);
  });

  it('close answers 404 for an unknown or foreign poll and writes nothing', async () => {
    const [g1, g2] = [await freshGuild(), await freshGuild()];
    const made = await create(g1, poll());
    const before = await tableCounts(s.services);
    const foreign = await s.api(`/api/polls/${made.json.id}/close?guildId=${g2}`, {
      method: 'POST',
      admin: true,
    });
    expect(foreign.status).toBe(404);
    const unknown = await s.api(`/api/polls/999999/close?guildId=${g1}`, { method: 'POST', admin: true });
    expect(unknown.status).toBe(404);
    expect(await tableCounts(s.services)).toEqual(before);
    expect((await list(g1)).json[0].active).toBe(true);
  });

  it('rejects an option longer than a Discord button label (80 characters)', async () => {
    const g = await freshGuild();
    const before = await tableCounts(s.services);
    const res = await create(
      g,
      poll({ options: [{ text: { en: 'x'.repeat(81) } }, { text: { en: 'Go' } }] }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('options.0.text.en: must be at most 80 characters');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('on the Free plan polls answer 403 naming the Plus plan and write nothing', async () => {
    const g = `free-${nextGuild++}`;
    await seedGuild(s.services, g, { plan: 'free' });
    const before = await tableCounts(s.services);
    const res = await create(g, poll());
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'polls', plan: 'plus' });
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
