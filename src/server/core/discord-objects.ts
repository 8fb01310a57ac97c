import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guildChannels, guildRoles } from '../../../db/schema';
import {
  CHANNEL_KINDS,
  type ChannelKind,
  type DiscordRef,
  type RoleKind,
} from '../../common/schemas/discord-refs';

/**
 * Whether a channel or role id named in a request is one of the server's own, of the kind the field
 * needs, answered from the channels and roles the bot syncs. The sentence names the id and how to
 * fix it; a channel of another server and an id that exists nowhere read the same (nothing tells an
 * admin what another server holds).
 */

const TYPE_NAMES: Record<number, string> = {
  0: 'a text channel',
  2: 'a voice channel',
  4: 'a category',
  5: 'an announcement channel',
  10: 'a thread',
  11: 'a thread',
  12: 'a private thread',
  13: 'a stage channel',
  15: 'a forum',
  16: 'a media channel',
};

export async function channelProblem(
  db: Db,
  guildId: string,
  id: string,
  kind: ChannelKind,
): Promise<string | null> {
  const want = CHANNEL_KINDS[kind];
  const channel = await db
    .select({ type: guildChannels.type, name: guildChannels.name })
    .from(guildChannels)
    .where(and(eq(guildChannels.id, id), eq(guildChannels.guildId, guildId)))
    .get();
  if (!channel)
    return `${id} is not ${want.noun} of this server (pick one from the list; the bot syncs channels while it is connected)`;
  if (want.types && !want.types.includes(channel.type))
    return `${id} (#${channel.name}) is ${TYPE_NAMES[channel.type] ?? 'another kind of channel'}, not ${want.noun}${want.why ? ` (${want.why})` : ''}`;
  return null;
}

export async function roleProblem(
  db: Db,
  guildId: string,
  id: string,
  kind: RoleKind,
): Promise<string | null> {
  const role = await db
    .select({ name: guildRoles.name, managed: guildRoles.managed, assignable: guildRoles.assignable })
    .from(guildRoles)
    .where(and(eq(guildRoles.id, id), eq(guildRoles.guildId, guildId)))
    .get();
  if (!role)
    return `${id} is not a role of this server (pick one from the list; the bot syncs roles while it is connected)`;
  if (kind === 'any') return null;
  if (role.managed) return `${id}: the role "${role.name}" belongs to an integration and nobody can give it`;
  if (!role.assignable)
    return `${id}: I cannot give the role "${role.name}": it is above my own role. In Server Settings > Roles, drag my role above it (and let me Manage Roles)`;
  return null;
}

export function discordRefProblem(
  db: Db,
  guildId: string,
  ref: DiscordRef,
  id: string,
): Promise<string | null> {
  return ref.object === 'channel'
    ? channelProblem(db, guildId, id, ref.kind)
    : roleProblem(db, guildId, id, ref.kind);
}
