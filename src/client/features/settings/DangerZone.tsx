import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../components/admin';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Reset Data: erases the guild's data after the admin types the guild id.
 * `confirmId` is the ?guildId= of the page, or 'default' for the server's default guild.
 */
export function DangerZone({ guildId, confirmId }: { guildId: string | undefined; confirmId: string }) {
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const close = () => {
    setOpened(false);
    setTyped('');
  };
  const reset = trpc.settings.resetData.useMutation({
    onSuccess: (result) => {
      const rows = Object.values(result.deleted).reduce((sum, n) => sum + n, 0);
      notifySuccess('Data reset', `All of this server's data was erased (${rows.toLocaleString()} records).`);
      close();
      void utils.invalidate();
    },
    onError: (err) => notifyError('Failed to reset data', errorMessage(err)),
  });

  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Group gap="xs" mb={4}>
        <IconAlertTriangle size={18} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={2} size="h4" c="red">
          Danger Zone
        </Title>
      </Group>
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          Reset Data erases this server's settings, channel links, polls, announcements, tickets, moderation
          cases and escalation rules, learning progress, language exchange pairs, voice sessions and logs.
          This cannot be undone. Your plan and this month's translation usage are kept.
        </Text>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
          Reset Data
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Reset all data?">
        <Stack gap="md">
          <Text size="sm">
            Everything the bot stored for this server is erased. Type <b>{confirmId}</b> to confirm.
          </Text>
          <TextInput
            label="Server ID"
            placeholder={confirmId}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={typed.trim() !== confirmId}
              loading={reset.isPending}
              onClick={() => reset.mutate({ guildId, confirm: typed.trim() })}
            >
              Reset Data
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
