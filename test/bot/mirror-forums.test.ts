import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, Json, RecordedCall } from '../fakes/discord';
import { type FakeForums, installForums } from '../fakes/discord/forums';
import type { FakeReply, RecordedRequest } from '../fakes/gemini';
import { type BotHarness, eventually, handled, recordedCopies, startBotHarness } from './harness';

/**
 * Forum channels in a mirror link (issue 28): a member's new post opens a post in each other forum
 * of the link, title translated, tags matched by name; replies, edits and the post's deletion follow.
 * Real discord.js against the fake Discord, whose forums speak Discord's wire format (forums.ts).
 */

const tag = (id: string, name: string) => ({ id, name });
const FORUMS: FakeChannel[] = [
  {
    id: '915000000000000001',
    name: 'help-en',
    type: 15,
    available_tags: [tag('916000000000000001', 'Bug'), tag('916000000000000002', 'Question')],
  },
  {
    id: '915000000000000002',
    name: 'help-es',
    type: 15,
    available_tags: [tag('916000000000000003', 'bug ')],
  },
  {
    id: '915000000000000003',
    name: 'help-fr',
    type: 15,
    available_tags: [tag('916000000000000004', 'Question'), tag('916000000000000005', 'Bug')],
  },
];

/** Each line of the text in the target language, the engine's {{n}} placeholders kept. */
function byLine(req: RecordedRequest): FakeReply {
  const t = req.translation!;
  const line = (code: string) => (l: string) => (/^\s*(\{\{\d+\}\}\s*)*$/.test(l) ? l : `[${code}] ${l}`);
  const translations = Object.fromEntries(
    t.targets.map((c) => [c, t.text.split('\n').map(line(c)).join('\n')]),
  );
  return { json: { source: 'en', translations } };
}

let h: BotHarness;
let forums: FakeForums;
beforeAll(async () => {
  h = await startBotHarness({ prepare: (g) => g.channels.push(...FORUMS) });
  forums = installForums(h.fake);
  h.gemini.respondWith(byLine);
  await h.link('Help forums', [
    ['help-en', 'en'],
    ['help-es', 'es'],
    ['help-fr', 'fr'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const hookChannel = (c: RecordedCall) => h.fake.rest.webhooks.get(c.path.split('/')[2]!)?.channel_id;
const postsInto = (forum: string) =>
  h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /^\/webhooks\/\d+\/[^/]+$/.test(c.path) &&
      hookChannel(c) === h.channel(forum).id &&
      c.status === 200,
  );

describe('a mirror link of forums', () => {
  let post: { thread: FakeChannel; message: Json };
  const copyPost: Record<string, string> = {};

  it('a new post opens in each other forum as the author, title translated with the text in one call, tags matched by name', async () => {
    const before = h.gemini.requests.length;
    post = forums.post(h.channel('help-en'), h.ben, 'Crash on start', 'The game crashes when I press start', [
      '916000000000000001',
      '916000000000000002',
    ]);
    await eventually(() => postsInto('help-es').length >= 1 && postsInto('help-fr').length >= 1);
    expect(h.gemini.requests.length - before).toBe(1);
    const es = postsInto('help-es')[0]!;
    const fr = postsInto('help-fr')[0]!;
    expect(es.query.thread_id).toBeUndefined();
    expect(es.body).toMatchObject({
      thread_name: '[es] Crash on start',
      content: '[es] The game crashes when I press start',
      username: 'ben G.',
      // "Bug" matches "bug " (case and spacing aside); "Question" is not a tag of help-es: skipped.
      applied_tags: ['916000000000000003'],
    });
    expect(fr.body).toMatchObject({ thread_name: '[fr] Crash on start' });
    expect([...(fr.body?.applied_tags ?? [])].sort()).toEqual(['916000000000000004', '916000000000000005']);
    // The copies are recorded under the forums, by the posts' ids (a post's first message has its id).
    const copies = await recordedCopies(h, post.message.id, 2);
    for (const c of copies) {
      const thread = h.guild.channels.find((x) => x.id === c.id);
      expect(thread?.parent_id).toBe(c.channelId);
      copyPost[c.language] = c.id;
    }
    expect(Object.keys(copyPost).sort()).toEqual(['es', 'fr']);
  });

  it('a reply in the post goes into the matching post of each forum', async () => {
    h.fake.sendMessage({
      channelId: post.thread.id,
      author: h.ana.user,
      member: h.ana,
      content: 'Same here',
    });
    await eventually(() => postsInto('help-es').length >= 2 && postsInto('help-fr').length >= 2);
    const es = postsInto('help-es')[1]!;
    expect(es.query.thread_id).toBe(copyPost.es);
    expect(es.body?.thread_name).toBeUndefined();
    expect(es.body?.content).toBe('[es] Same here');
    expect(postsInto('help-fr')[1]!.query.thread_id).toBe(copyPost.fr);
  });

  it('an edit of the first message edits the first message of each copy post, inside the post', async () => {
    h.fake.editMessage(post.message, 'The game crashes when I press start on Linux');
    const edit = await h.fake.waitForCall(
      (c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${copyPost.es}`),
    );
    expect(edit.query.thread_id).toBe(copyPost.es);
    expect(edit.body?.content).toBe('[es] The game crashes when I press start on Linux');
  });

  const patches = (id: string) =>
    h.fake.calls.filter((c) => c.method === 'PATCH' && c.path === `/channels/${id}` && c.status === 200);

  it('the post renamed and retagged: each matching post gets the title in its language (one call for both) and the tags by name, a tag its forum lacks left out', async () => {
    const before = h.gemini.requests.length;
    // Both copies' own THREAD_UPDATE (the bot's change) handled: they go nowhere.
    const echoes = Promise.all(
      ['es', 'fr'].map((l) =>
        handled(
          h,
          'threadUpdate',
          (_old, t) => t.id === copyPost[l] && t.name === `[${l}] Crash on start (Linux)`,
        ),
      ),
    );
    forums.editPost(post.thread, { title: 'Crash on start (Linux)', tagIds: ['916000000000000002'] });
    await echoes;
    expect(h.gemini.requests.length - before).toBe(1);
    expect(patches(copyPost.es!).map((c) => c.body)).toEqual([
      // "Question" is not a tag of help-es: the post keeps no tag.
      { name: '[es] Crash on start (Linux)', applied_tags: [] },
    ]);
    expect(patches(copyPost.fr!).map((c) => c.body)).toEqual([
      { name: '[fr] Crash on start (Linux)', applied_tags: ['916000000000000004'] },
    ]);
    const inDiscord = (id: string) => h.guild.channels.find((c) => c.id === id)!;
    expect(inDiscord(copyPost.fr!)).toMatchObject({
      name: '[fr] Crash on start (Linux)',
      applied_tags: ['916000000000000004'],
    });
    // Nothing went back to the original post, and no other change was made.
    expect(patches(post.thread.id)).toHaveLength(0);
    expect(post.thread.name).toBe('Crash on start (Linux)');
    expect(h.gemini.requests.length - before).toBe(1);
  });

  it('only the tags changed: the matching posts are retagged by name, the title left alone, no provider call', async () => {
    const before = h.gemini.requests.length;
    const echoes = Promise.all(
      ['es', 'fr'].map((l) =>
        handled(h, 'threadUpdate', (_old, t) => t.id === copyPost[l] && t.appliedTags.length === 1),
      ),
    );
    forums.editPost(post.thread, { tagIds: ['916000000000000001'] });
    await echoes;
    expect(patches(copyPost.es!).at(-1)?.body).toEqual({ applied_tags: ['916000000000000003'] });
    expect(patches(copyPost.fr!).at(-1)?.body).toEqual({ applied_tags: ['916000000000000005'] });
    expect(h.gemini.requests.length).toBe(before);
  });

  it('the post deleted: the matching posts are deleted', async () => {
    forums.deletePost(post.thread);
    await eventually(() =>
      ['es', 'fr'].every((l) =>
        h.fake.calls.some(
          (c) => c.method === 'DELETE' && c.path === `/channels/${copyPost[l]}` && c.status === 200,
        ),
      ),
    );
    expect(h.guild.channels.some((c) => c.id === copyPost.es || c.id === copyPost.fr)).toBe(false);
  });
});

describe('a post by a member who turned translation off', () => {
  it('opens in each forum under its title as written, the text marked untranslated; renamed, the title follows as written; the provider never asked', async () => {
    const answer = await h.fake.interactionAnswer(
      h.fake.slash('translate-me', [{ name: 'mode', type: 3, value: 'off' }], {
        member: h.ana,
        channel: h.channel('help-en'),
      }),
    );
    expect(answer.flags).toBe(64);
    const before = h.gemini.requests.length;
    const esBefore = postsInto('help-es').length;
    const mine = forums.post(h.channel('help-en'), h.ana, 'Pregunta rápida', 'Mis palabras, tal cual', [
      '916000000000000001',
    ]);
    await eventually(() => postsInto('help-es').length > esBefore);
    expect(postsInto('help-es').at(-1)!.body).toMatchObject({
      thread_name: 'Pregunta rápida',
      content: 'Mis palabras, tal cual\n-# 🔕 *Sin traducir: el autor eligió no traducir sus mensajes*',
      applied_tags: ['916000000000000003'],
    });
    const [es] = (await recordedCopies(h, mine.message.id, 2)).filter((c) => c.language === 'es');
    const echo = handled(
      h,
      'threadUpdate',
      (_old, t) => t.id === es!.id && t.name === 'Pregunta rápida (resuelta)',
    );
    forums.editPost(mine.thread, { title: 'Pregunta rápida (resuelta)' });
    await echo;
    expect(h.gemini.requests.length).toBe(before);
  });
});
