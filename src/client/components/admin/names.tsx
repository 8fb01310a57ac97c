import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { IconHash, IconVolume } from '@tabler/icons-react';
import { shortId } from '../../../common/guilds/names';
import { VOICE_CHANNEL_TYPES } from '../../../common/guilds/permissions';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/**
 * Names instead of Discord ids: members by the name the bot last saw them with (guilds.members),
 * channels by their synced name with # (or the voice icon). Unknown ones say so, with the id in a
 * tooltip, rather than showing a bare id as if it were a name.
 */

export { shortId, unknownChannelLabel } from '../../../common/guilds/names';

/** Discord's default avatar for an account (members' own pictures are not stored). */
export function defaultAvatarUrl(userId: string): string | undefined {
  if (!/^\d{1,32}$/.test(userId)) return undefined;
  return `https://cdn.discordapp.com/embed/avatars/${Number((BigInt(userId) >> 22n) % 6n)}.png`;
}

/**
 * id -> name of these members, as the server knows them (one query for the whole list): null for a
 * member it does not know, undefined while the answer is on its way.
 */
export function useMemberNames(ids: readonly string[]): (id: string) => string | null | undefined {
  const guildId = useGuildId();
  const unique = [...new Set(ids.filter((id) => /^\d{1,32}$/.test(id)))].sort().slice(0, 200);
  const q = trpc.guilds.members.useQuery(
    { guildId, ids: unique },
    { enabled: unique.length > 0, staleTime: 60_000 },
  );
  const names = new Map((q.data ?? []).map((m) => [m.id, m.name]));
  return (id) => (q.data ? (names.get(id) ?? null) : q.isError ? null : undefined);
}

/** A member: avatar and name, or "Unknown member" with the short id in a tooltip. */
export function MemberName({
  id,
  name,
  size = 'xs',
}: {
  id: string;
  /** The name (useMemberNames, or one stored with the row); null: not known; undefined: loading. */
  name: string | undefined | null;
  size?: 'xs' | 'sm';
}) {
  const known = Boolean(name);
  const loading = name === undefined;
  const label = (
    <Group
      gap={6}
      wrap="nowrap"
      component="span"
      data-testid="member-name"
      style={{ display: 'inline-flex' }}
    >
      <Avatar
        component="span"
        src={defaultAvatarUrl(id)}
        size={size === 'xs' ? 18 : 22}
        radius="xl"
        alt=""
        aria-hidden
      />
      <Text span size={size} fs={known ? undefined : 'italic'}>
        {known ? name : loading ? '…' : 'Unknown member'}
      </Text>
    </Group>
  );
  return (
    <Tooltip label={`Discord id ${known ? id : shortId(id)}`} withArrow openDelay={300}>
      {label}
    </Tooltip>
  );
}

/** id -> the synced channel (any kind: text, voice, forum…), when the bot listed it. */
export function useChannelLookup(): (id: string) => { name: string; type: number } | undefined {
  const guildId = useGuildId();
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'any' }, { staleTime: 60_000 });
  const byId = new Map((channels.data ?? []).map((c) => [c.id, c]));
  return (id) => byId.get(id);
}

/** A channel: the voice icon or #, and its name; "Unknown channel" with the short id when not synced. */
export function ChannelName({ id, size = 'sm' }: { id: string; size?: 'xs' | 'sm' }) {
  const channel = useChannelLookup()(id);
  if (!channel)
    return (
      <Tooltip label={`Discord id ${shortId(id)}`} withArrow openDelay={300}>
        <Text span size={size} fs="italic" data-testid="channel-name">
          Unknown channel
        </Text>
      </Tooltip>
    );
  const voice = VOICE_CHANNEL_TYPES.includes(channel.type);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      data-testid="channel-name"
      style={{ display: 'inline-flex' }}
    >
      {voice ? <IconVolume size={14} aria-label="Voice channel" /> : <IconHash size={14} aria-hidden />}
      <Text span size={size} inherit>
        {channel.name}
      </Text>
    </Group>
  );
}
