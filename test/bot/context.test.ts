import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationKey } from '../../src/server/features/channels/conversation';
import type { RecordedRequest } from '../fakes/gemini';
import { tablesMentioning } from '../helpers/database';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Conversation context: with Context Preservation on, each translation gets the channel's previous
 * messages (author and text) from a ring in memory; off, none. Never written to disk.
 */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.link('Talk', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const CANARY = 'zq-context-canary-41d2';

/** The provider request that carried `text`. */
const requestFor = (text: string) =>
  eventually(() => h.gemini.requests.find((r: RecordedRequest) => r.translation?.text.includes(text)));

const settings = (body: Record<string, unknown>) =>
  h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, { method: 'PATCH', admin: true, body });

describe('conversation context in mirror mode', () => {
  it('each message is translated with the previous ones of the conversation, across the linked channels', async () => {
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: `Did anyone see the new ${CANARY} sword?`,
    });
    await requestFor(CANARY);
    h.fake.sendMessage({
      channelId: h.channel('spanish').id,
      author: h.ana.user,
      member: h.ana,
      content: 'Sí, la encontré ayer en la cueva',
    });
    await requestFor('la cueva');
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Is it better than that one?',
    });
    const third = await requestFor('better than that one');
    const context = third.translation?.context ?? [];
    expect(context).toHaveLength(2);
    expect(context[0]).toMatch(new RegExp(`^ben.*: Did anyone see the new ${CANARY} sword\\?$`));
    expect(context[1]).toMatch(/^ana.*: Sí, la encontré ayer en la cueva$/);
    // The first message of the conversation had nothing before it.
    expect((await requestFor(CANARY)).translation?.context).toEqual([]);
  });

  it('the same text in another conversation is not answered from the cache', async () => {
    const before = h.gemini.requests.length;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Is it better than that one?',
    });
    await eventually(() => h.gemini.requests.length > before);
    expect(h.gemini.requests.at(-1)?.translation?.context?.at(-1)).toMatch(/Is it better than that one\?$/);
  });

  it('the conversation is never written to disk', async () => {
    expect(await tablesMentioning(h.server.services.db, CANARY)).toEqual([]);
    h.server.services.db.$sqlite?.pragma('wal_checkpoint(PASSIVE)');
    for (const name of readdirSync(h.server.dir)) {
      const bytes = readFileSync(join(h.server.dir, name));
      expect(bytes.includes(Buffer.from(CANARY)), name).toBe(false);
      expect(bytes.includes(Buffer.from(CANARY, 'utf16le')), name).toBe(false);
    }
  });

  it('with Context Preservation off, no context is sent', async () => {
    expect((await settings({ contextPreservation: false })).status).toBe(200);
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'What about the shield then?',
    });
    const req = await requestFor('the shield then');
    expect(req.translation?.context).toEqual([]);
    expect((await settings({ contextPreservation: true })).status).toBe(200);
  });
});

/** Waits until the bot remembers a message of the channel with this text. */
async function remembered(channelId: string, text: string) {
  const key = await conversationKey(h.server.services.db, h.guild.id, { channelId });
  await eventually(() => h.server.services.conversation.before(key).some((line) => line.endsWith(text)));
}

describe('conversation context elsewhere', () => {
  it('Translate Message gets the messages before the one translated', async () => {
    const first = h.fake.sendMessage({
      channelId: h.channel('german').id,
      author: h.ben.user,
      member: h.ben,
      content: 'The boss drops a golden key',
    });
    await remembered(h.channel('german').id, 'The boss drops a golden key');
    const second = h.fake.sendMessage({
      channelId: h.channel('german').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'Where do I use it?',
    });
    void first;
    // The bot has seen both messages (they are remembered when they arrive).
    await remembered(h.channel('german').id, 'Where do I use it?');
    const interaction = h.fake.contextMenu('Translate Message', second, {
      member: h.ana,
      channel: h.channel('german'),
    });
    await h.fake.interactionAnswer(interaction);
    const req = await requestFor('Where do I use it?');
    expect(req.translation?.context).toEqual([expect.stringMatching(/: The boss drops a golden key$/)]);
  });

  it('a flag reaction gets the messages before the one reacted to', async () => {
    h.fake.sendMessage({
      channelId: h.channel('japanese').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Bring potions for the dragon',
    });
    // Sent at once: the bot may read the two in either order, and remembers them in Discord's.
    const second = h.fake.sendMessage({
      channelId: h.channel('japanese').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'How many do we need?',
    });
    await remembered(h.channel('japanese').id, 'How many do we need?');
    await remembered(h.channel('japanese').id, 'Bring potions for the dragon');
    h.fake.react(second, h.ana.user, '🇩🇪');
    const req = await requestFor('How many do we need?');
    expect(req.translation?.context).toEqual([expect.stringMatching(/: Bring potions for the dragon$/)]);
  });
});
