import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors, RolePicker, savedOptionLabel } from '../../components/admin';
import { noChannelsNote } from '../../components/admin/ChannelPicker';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

/**
 * Where tickets open on Discord: each /ticket create opens a private thread in this channel (by
 * default a #tickets channel the bot creates), with the member and the support role.
 */
export function TicketSettings() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const settings = trpc.tickets.settings.useQuery({ guildId });
  // Private threads open in a text channel only (not an announcement channel), as the server checks.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'privateThreads' });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [roleId, setRoleId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!settings.data) return;
    setChannelId(settings.data.channelId);
    setRoleId(settings.data.supportRoleId ?? '');
  }, [settings.data]);
  const save = trpc.tickets.updateSettings.useMutation({
    onSuccess: () => {
      setErrors({});
      notifySuccess('Ticket settings saved', 'New tickets open their thread there.');
      void utils.tickets.settings.invalidate();
    },
    onError: (err) => {
      setErrors(fieldErrors(err));
      notifyError('Failed to save ticket settings', errorMessage(err));
    },
  });
  const textChannels = channels.data ?? [];
  const fallback = settings.data?.defaultChannelId
    ? (textChannels.find((c) => c.id === settings.data?.defaultChannelId)?.name ?? 'tickets')
    : null;
  // Only what changed is sent: a saved channel or role deleted in Discord since (the server
  // refuses it) blocks no change of the other, and shows as not found, to be replaced or cleared.
  const patch: { channelId?: string | null; supportRoleId?: string | null } = {};
  if (settings.data && (channelId ?? null) !== (settings.data.channelId ?? null))
    patch.channelId = channelId ?? null;
  if (settings.data && (roleId || null) !== (settings.data.supportRoleId ?? null))
    patch.supportRoleId = roleId || null;
  const channelData = textChannels.map((c) => ({ value: c.id, label: `#${c.name}` }));
  // A saved channel that is no longer one of them stays shown, to be replaced or cleared.
  if (channelId && !textChannels.some((c) => c.id === channelId))
    channelData.unshift({
      value: channelId,
      label: savedOptionLabel(channelId, channels, 'channel'),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Where tickets open
          </Title>
          <Text size="sm" c="dimmed">
            Each ticket is a private thread with the member and the support role. Members write there in their
            language; replies from this dashboard are posted there, translated.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            {...keyboardPick(channelId)}
            label="Ticket channel"
            placeholder={fallback ? `#${fallback} (created by the bot)` : '#tickets (created by the bot)'}
            description={
              channels.isSuccess && textChannels.length === 0 ? noChannelsNote('privateThreads') : undefined
            }
            data={channelData}
            value={channelId}
            onChange={setChannelId}
            error={errors.channelId}
            clearable
            searchable
            nothingFoundMessage="No text channel of that name"
            w={{ base: '100%', sm: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <RolePicker
            kind="any"
            label="Support role"
            placeholder="Optional: added to every ticket"
            clearable
            value={roleId}
            onChange={setRoleId}
            error={errors.supportRoleId}
            w={{ base: '100%', sm: 240 }}
          />
          <Button
            loading={save.isPending}
            disabled={settings.isLoading || Object.keys(patch).length === 0}
            onClick={() => save.mutate({ guildId, ...patch })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
