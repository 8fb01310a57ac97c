import { Events } from 'discord.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { withMemberRoles } from '../fakes/discord/moderation';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, handled, startBotHarness, webhookPostsIn } from './harness';

let h: BotHarness;
beforeAll(async () => {
  // Members without Manage Messages (moderation exempts those who have it): the AI test below.
  h = await startBotHarness({ prepare: (guild) => void withMemberRoles(guild) });
  await h.link('Chatter', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

/** Webhook executions the bot made into a channel (what members of that channel read). */
const postsIn = (channel: string) => webhookPostsIn(h, channel);

/** Ben writes each text in #english, in order; resolves once the bot handled them all. */
async function benWrites(texts: string[]) {
  const done = Promise.all(texts.map((t) => handled(h, Events.MessageCreate, (m) => m.content === t)));
  for (const content of texts)
    h.fake.sendMessage({ channelId: h.channel('english').id, author: h.ben.user, member: h.ben, content });
  await done;
}

const skippedToday = async () =>
  (
    await rawGet<{ n: number | null }>(
      h.server.services.db,
      sql`select sum(count) as n from skipped_trivial_daily where guild_id = ${h.guild.id}`,
    )
  )?.n ?? 0;

describe('short chatter (issue 28)', () => {
  it('"lol", "gg wp" and emoji only cost no provider call and are not copied; "hello there" and "no" are; the skips are counted', async () => {
    const geminiBefore = h.gemini.requests.length;
    const postsBefore = postsIn('spanish').length;
    const countedBefore = Number(await skippedToday());
    await benWrites(['lol', 'hello there', 'gg wp', '😂😂', 'no']);
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual(['[es] hello there', '[es] no']);
    expect(h.gemini.requests.length - geminiBefore).toBe(2);
    expect(Number(await skippedToday()) - countedBefore).toBe(3);
  });

  it('a server\'s own term ("kekw") is translated and copied until the server adds it; then it is skipped and counted, and "kekw lol" too, while "kekw that was close" is still translated', async () => {
    const settings = `/api/translation/settings?guildId=${h.guild.id}`;
    let geminiBefore = h.gemini.requests.length;
    let postsBefore = postsIn('spanish').length;
    let countedBefore = Number(await skippedToday());
    await benWrites(['kekw']);
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual(['[es] kekw']);
    expect(h.gemini.requests.length - geminiBefore).toBe(1);
    expect(Number(await skippedToday()) - countedBefore).toBe(0);

    const added = await h.server.api(settings, {
      method: 'PATCH',
      admin: true,
      body: { trivialTerms: ['KEKW'] },
    });
    expect(added.status).toBe(200);
    expect((added.json as { trivialTerms: string[] }).trivialTerms).toEqual(['kekw']);

    geminiBefore = h.gemini.requests.length;
    postsBefore = postsIn('spanish').length;
    countedBefore = Number(await skippedToday());
    await benWrites(['kekw', 'KEKW lol', 'kekw that was close']);
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual(['[es] kekw that was close']);
    expect(h.gemini.requests.length - geminiBefore).toBe(1);
    expect(Number(await skippedToday()) - countedBefore).toBe(2);
  });

  it('with "Skip short chatter" off, "lol" is translated and copied like any message', async () => {
    const off = await h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { skipTrivial: false },
    });
    expect(off.status).toBe(200);
    expect((off.json as { skipTrivial: boolean }).skipTrivial).toBe(false);
    const geminiBefore = h.gemini.requests.length;
    const postsBefore = postsIn('spanish').length;
    await benWrites(['lol']);
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual(['[es] lol']);
    expect(h.gemini.requests.length - geminiBefore).toBe(1);
  });

  it('a switch that is not true or false is refused, naming it, and nothing changes', async () => {
    const bad = await h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { skipTrivial: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('skipTrivial');
    const now = await h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, { admin: true });
    expect((now.json as { skipTrivial: boolean }).skipTrivial).toBe(false);
  });
});

describe('/translate-me on|off (issue 28)', () => {
  const EPHEMERAL = 64;
  /** Chloe runs /translate-me in #english, her Discord client in `locale`. */
  const chloeRuns = async (mode: string, locale: string) =>
    await h.fake.interactionAnswer(
      h.fake.slash('translate-me', [{ name: 'mode', type: 3, value: mode }], {
        member: { ...h.chloe, locale },
        channel: h.channel('english'),
      }),
    );
  const optOuts = async () =>
    Number(
      (
        await rawGet<{ n: number }>(
          h.server.services.db,
          sql`select count(*) as n from translation_opt_outs where guild_id = ${h.guild.id} and user_id = ${h.chloe.user.id}`,
        )
      )?.n,
    );
  async function write(member: typeof h.chloe, content: string) {
    const done = handled(h, Events.MessageCreate, (m) => m.content === content);
    h.fake.sendMessage({ channelId: h.channel('english').id, author: member.user, member, content });
    await done;
  }

  it("off: her messages are never sent to the provider and are copied as she wrote them, marked untranslated; others' are translated; on: hers are again; each answer private, in her language", async () => {
    const off = await chloeRuns('off', 'es-ES');
    expect(off.flags).toBe(EPHEMERAL);
    expect(off.content).toContain('Tus mensajes en este servidor ya no se traducen');
    expect(off.content).toContain('tal como los escribiste, marcados como no traducidos');
    expect(await optOuts()).toBe(1);

    const geminiBefore = h.gemini.requests.length;
    const postsBefore = postsIn('spanish').length;
    await write(h.chloe, 'Please leave my words alone');
    await write(h.ben, 'Mine are still translated');
    await eventually(() => postsIn('spanish').length >= postsBefore + 2);
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual([
      'Please leave my words alone\n-# 🔕 *Sin traducir: el autor eligió no traducir sus mensajes*',
      '[es] Mine are still translated',
    ]);
    // One call, Ben's: her words never reached the provider.
    expect(h.gemini.requests.length - geminiBefore).toBe(1);
    expect(JSON.stringify(h.gemini.requests.slice(geminiBefore))).not.toContain('leave my words');

    // Twice off stays one row; on removes it.
    await chloeRuns('off', 'es-ES');
    expect(await optOuts()).toBe(1);
    const on = await chloeRuns('on', 'fr');
    expect(on.flags).toBe(EPHEMERAL);
    expect(on.content).toContain('Tes messages sur ce serveur sont de nouveau traduits');
    expect(await optOuts()).toBe(0);
    const again = postsIn('spanish').length;
    await write(h.chloe, 'Translate me again please');
    expect(
      postsIn('spanish')
        .slice(again)
        .map((c) => c.body?.content),
    ).toEqual(['[es] Translate me again please']);
  });

  it('a mode that is not on or off is refused, naming the choices, and nothing is stored', async () => {
    const answer = await chloeRuns('maybe', 'en-US');
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('"maybe" is not a choice: use /translate-me on or /translate-me off');
    expect(await optOuts()).toBe(0);
  });

  it("with the server's AI moderation on, her messages are not classified either: nothing of hers reaches the provider; Ben's verdict rides on his translation", async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
    const rules = (body: Record<string, unknown>) =>
      h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, { method: 'PATCH', admin: true, body });
    expect((await rules({ contentFiltering: true })).status).toBe(200);
    try {
      await chloeRuns('off', 'en-US');
      const geminiBefore = h.gemini.requests.length;
      const postsBefore = postsIn('spanish').length;
      await write(h.chloe, 'Keep my message away from any model');
      await write(h.ben, 'Mine may be checked');
      await eventually(() => postsIn('spanish').length >= postsBefore + 2);
      const asked = h.gemini.requests.slice(geminiBefore);
      // One call, Ben's translation asking for the verdict too; no classification of hers.
      expect(asked).toHaveLength(1);
      expect(JSON.stringify(asked)).toContain('Mine may be checked');
      // The AI layer is on: Ben's call asks for the verdict.
      expect(JSON.stringify(asked)).toMatch(/moderat/i);
      expect(JSON.stringify(asked)).not.toContain('away from any model');
    } finally {
      await chloeRuns('on', 'en-US');
      await rules({ contentFiltering: false });
    }
  });
});
