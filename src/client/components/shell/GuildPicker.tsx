import { Avatar, Group, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconServer } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useGuildId } from '../../lib/guild';
import { MOBILE_QUERY } from '../../lib/phone';
import { trpc } from '../../trpc';
import { keyboardPick } from '../admin/keyboard-pick';

/** Discord's icon CDN for a server icon hash (null: initials). */
export const guildIconUrl = (id: string, icon: string | null | undefined) =>
  icon ? `https://cdn.discordapp.com/icons/${id}/${icon}.png?size=64` : undefined;

/** While the admin adds the bot in another tab, the picker asks again this often. */
const WAIT_FOR_BOT_MS = 3000;

/**
 * Chooses the Discord server the admin screens act on (?guildId=). Lists the servers this login
 * may manage, one entry each; a server without the bot shows "Add bot", which opens the invite
 * with that server preselected, and once the bot has joined the dashboard opens it.
 */
export function GuildPicker() {
  const guildId = useGuildId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const guilds = trpc.guilds.list.useQuery(waitingFor ? { refresh: true } : {}, {
    refetchInterval: waitingFor ? WAIT_FOR_BOT_MS : false,
  });
  const list = guilds.data ?? [];
  const open = (id: string) => navigate({ to: pathname, search: { guildId: id } });

  useEffect(() => {
    if (waitingFor && list.some((g) => g.id === waitingFor && g.botPresent)) {
      setWaitingFor(null);
      void open(waitingFor);
    }
  });

  const current = guildId ?? list.find((g) => g.botPresent)?.id ?? null;
  const byId = new Map(list.map((g) => [g.id, g]));
  const data = list.map((g) => ({ value: g.id, label: g.botPresent ? g.name : `${g.name} · Add bot` }));
  if (guildId && !byId.has(guildId)) data.push({ value: guildId, label: guildId });

  return (
    <Select
      {...keyboardPick(current)}
      aria-label="Discord server"
      placeholder={
        guilds.isPending ? 'Loading servers...' : waitingFor ? 'Waiting for the bot...' : 'Choose a server'
      }
      data={data}
      value={current}
      onChange={(value) => {
        const g = value ? byId.get(value) : undefined;
        if (g && !g.botPresent && g.inviteUrl) {
          window.open(g.inviteUrl, '_blank', 'noopener');
          setWaitingFor(g.id);
          return;
        }
        if (value) void open(value);
      }}
      renderOption={({ option }) => {
        const g = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={guildIconUrl(option.value, g?.icon)}
              size={22}
              radius="xl"
              name={g?.name ?? option.label}
              color="initials"
            />
            <Text size="sm" truncate>
              {g?.name ?? option.label}
            </Text>
            {g && !g.botPresent && (
              <Text size="xs" c="blue" fw={600} ml="auto">
                Add bot
              </Text>
            )}
          </Group>
        );
      }}
      allowDeselect={false}
      // On a phone the picker fills the header's free room and drops its icon, so the name shows.
      leftSection={phone ? undefined : <IconServer size={16} aria-hidden />}
      flex={{ base: 1, xs: 'none' }}
      miw={0}
      w={{ base: 'auto', xs: 220, sm: 240 }}
      // A name longer still ends in "…" (visibly shortened) instead of being cut mid-letter.
      styles={{ input: { textOverflow: 'ellipsis' } }}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
