import { Select } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

const DEFAULT_VALUE = '__default__';

/** Chooses the Discord server the admin screens act on; sets ?guildId= (empty = the default guild). */
export function GuildPicker() {
  const guildId = useGuildId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const guilds = trpc.discord.guilds.useQuery({});

  const data = [
    { value: DEFAULT_VALUE, label: 'Default server' },
    ...(guilds.data ?? []).map((g) => ({ value: g.id, label: g.name || g.id })),
  ];
  if (guildId && !data.some((d) => d.value === guildId)) data.push({ value: guildId, label: guildId });

  return (
    <Select
      aria-label="Discord server"
      placeholder={guilds.isPending ? 'Loading servers...' : 'Choose a server'}
      data={data}
      value={guildId ?? DEFAULT_VALUE}
      onChange={(value) => {
        void navigate({ to: pathname, search: value && value !== DEFAULT_VALUE ? { guildId: value } : {} });
      }}
      allowDeselect={false}
      leftSection={<IconServer size={16} aria-hidden />}
      w={{ base: 190, xs: 220, sm: 240 }}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
