import { type Client, Events, type GuildMember, type Message } from 'discord.js';

/**
 * The author's member as the message event brought it (issue 24). discord.js adds the member a
 * message carries to the server's member cache, which is bounded (client-caches.ts): by the time a
 * handler reads `message.member`, other events may have pushed it out. Taken here at the moment
 * the event is emitted (this listener runs before every feature's), and kept as long as the
 * message object lives.
 */
const members = new WeakMap<Message, GuildMember>();

function keep(message: Message): void {
  const member = message.member;
  if (member) members.set(message, member);
}

/** Registered before the features' listeners (bot/client.ts). */
export function keepMessageMembers(client: Client): void {
  client.on(Events.MessageCreate, keep);
  client.on(Events.MessageUpdate, (_old, updated) => keep(updated as Message));
}

/** The member the message came with (or the cache's), null for a webhook's or a DM's. */
export function messageMember(message: Message): GuildMember | null {
  return members.get(message) ?? message.member;
}

/** The author's member: the one the message came with, else asked of Discord (cache first). */
export async function authorMember(message: Message<true>): Promise<GuildMember | null> {
  const known = messageMember(message);
  if (known || message.webhookId) return known;
  return message.guild.members.fetch(message.author.id).catch(() => null);
}
