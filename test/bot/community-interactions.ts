import {
  BOT_USER,
  type FakeChannel,
  type FakeDiscord,
  type FakeMember,
  interactionPayload,
  type Json,
  messagePayload,
  snowflake,
  userPayload,
} from '../fakes/discord';

/**
 * What the members' commands need from the fake Discord beyond slash commands: pressing a button
 * on a message the bot answered with, sending a form (modal), and DMs. Each builds the payload
 * Discord sends (INTERACTION_CREATE types 3 and 5) or answers (a DM channel).
 */

type Who = { member: FakeMember; channel: FakeChannel };

function dispatchInteraction(fake: FakeDiscord, type: number, data: Json, who: Who, extra: Json = {}): Json {
  const guildId =
    fake.guilds.find((g) => g.channels.some((c) => c.id === who.channel.id))?.id ?? fake.guilds[0]!.id;
  const payload = {
    ...interactionPayload({ applicationId: fake.applicationId, guildId, ...who, type, data }),
    ...extra,
  };
  fake.rest.interactionChannels.set(payload.token, who.channel.id);
  fake.dispatch('INTERACTION_CREATE', payload);
  return payload;
}

/** A member presses a button of the bot's (ephemeral) answer: `answer` is what interactionAnswer returned. */
export function pressButton(fake: FakeDiscord, answer: Json, label: string, who: Who): Json {
  const buttons = (answer.components ?? []).flatMap((row: Json) => row.components ?? []);
  const button = buttons.find((b: Json) => b.label === label);
  if (!button) throw new Error(`no button "${label}" among ${buttons.map((b: Json) => b.label).join(', ')}`);
  const message = messagePayload({
    channelId: who.channel.id,
    author: BOT_USER,
    content: answer.content ?? '',
  });
  message.flags = answer.flags ?? 0;
  message.components = answer.components;
  message.application_id = fake.applicationId;
  return dispatchInteraction(fake, 3, { custom_id: button.custom_id, component_type: 2 }, who, { message });
}

/** The labels of the buttons of an answer, in order. */
export const buttonLabels = (answer: Json): string[] =>
  (answer.components ?? []).flatMap((row: Json) => (row.components ?? []).map((b: Json) => b.label));

/** A member sends a form: each field as a Label component holding a text input (Discord's current layout). */
export function submitModal(
  fake: FakeDiscord,
  customId: string,
  fields: Record<string, string>,
  who: Who,
): Json {
  let n = 0;
  const components = Object.entries(fields).map(([id, value]) => ({
    type: 18,
    id: ++n,
    component: { type: 4, id: ++n, custom_id: id, value },
  }));
  return dispatchInteraction(fake, 5, { custom_id: customId, components }, who);
}

const dmChannels = new WeakMap<FakeDiscord, string>();

/**
 * Answers the bot's "open a DM" call (POST /users/@me/channels) with this member's DM channel,
 * as Discord does; discord.js then keeps the channel, so the id stays the same for the whole
 * test file. Returns the DM channel id (the bot posts to /channels/{id}/messages). One member
 * per fake Discord.
 */
export function openDMs(fake: FakeDiscord, member: FakeMember): string {
  const known = dmChannels.get(fake);
  if (known) return known;
  const id = snowflake();
  fake.rest.fail({
    method: 'POST',
    path: /^\/users\/@me\/channels$/,
    status: 200,
    body: { id, type: 1, last_message_id: null, flags: 0, recipients: [userPayload(member.user)] },
  });
  dmChannels.set(fake, id);
  return id;
}
