import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Where tickets open on Discord: each /ticket create opens a private thread in this channel (by
 * default a #tickets channel the bot creates), with the member and the support role.
 */
export function TicketSettings() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const settings = trpc.tickets.settings.useQuery({ guildId });
  const channels = trpc.discord.channels.useQuery({ guildId });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [roleId, setRoleId] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setChannelId(settings.data.channelId);
    setRoleId(settings.data.supportRoleId ?? '');
  }, [settings.data]);
  const save = trpc.tickets.updateSettings.useMutation({
    onSuccess: () => {
      notifySuccess('Ticket settings saved', 'New tickets open their thread there.');
      void utils.tickets.settings.invalidate();
    },
    onError: (err) => notifyError('Failed to save ticket settings', errorMessage(err)),
  });
  const textChannels = (channels.data ?? []).filter((c) => c.type === 0);
  const fallback = settings.data?.defaultChannelId
    ? (textChannels.find((c) => c.id === settings.data?.defaultChannelId)?.name ?? 'tickets')
    : null;
  const roleError =
    roleId.trim() && !/^\d{1,32}$/.test(roleId.trim()) ? 'A role id is digits only' : undefined;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={4}>Where tickets open</Title>
          <Text size="sm" c="dimmed">
            Each ticket is a private thread with the member and the support role. Members write there in their
            language; replies from this dashboard are posted there, translated.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Ticket channel"
            placeholder={fallback ? `#${fallback} (created by the bot)` : '#tickets (created by the bot)'}
            data={textChannels.map((c) => ({ value: c.id, label: `#${c.name}` }))}
            value={channelId}
            onChange={setChannelId}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Support role ID"
            placeholder="Optional: added to every ticket"
            value={roleId}
            onChange={(e) => setRoleId(e.currentTarget.value)}
            error={roleError}
            w={{ base: '100%', sm: 240 }}
          />
          <Button
            loading={save.isPending}
            disabled={Boolean(roleError) || settings.isLoading}
            onClick={() =>
              save.mutate({ guildId, channelId: channelId ?? null, supportRoleId: roleId.trim() || null })
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
