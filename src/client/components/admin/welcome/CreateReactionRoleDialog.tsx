import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { ChannelPicker } from '../ChannelPicker';
import { errorMessage } from '../errorMessage';

interface Row {
  key: number;
  emoji: string;
  label: string;
  roleId: string;
}

let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, emoji: '', label: '', roleId: '' });
const complete = (r: Row) => r.emoji.trim() !== '' && r.roleId.trim() !== '';

/** Create: a message id, a channel, and at least one row with an emoji and a role id. */
export function canCreateReactionRole(channelId: string, messageId: string, rows: Row[]): boolean {
  return channelId.trim() !== '' && messageId.trim() !== '' && rows.some(complete);
}

/** Reaction roles' Create dialog: members react with an emoji on the message to get the role. */
export function CreateReactionRoleDialog({
  opened,
  onClose,
  guildId,
}: {
  opened: boolean;
  onClose: () => void;
  guildId: string | undefined;
}) {
  const [channelId, setChannelId] = useState('');
  const [messageId, setMessageId] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const utils = trpc.useUtils();
  const reset = () => {
    setChannelId('');
    setMessageId('');
    setRows([newRow()]);
  };
  const create = trpc.reactionRoles.create.useMutation({
    onSuccess: () => {
      notifySuccess('Reaction role created');
      reset();
      onClose();
    },
    onError: (err) => notifyError('Could not create the reaction role', errorMessage(err)),
    onSettled: () => utils.reactionRoles.list.invalidate(),
  });
  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const valid = canCreateReactionRole(channelId, messageId, rows);

  return (
    <Modal opened={opened} onClose={onClose} title="Create Reaction Role" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          create.mutate({
            guildId,
            channelId: channelId.trim(),
            messageId: messageId.trim(),
            roles: rows.filter(complete).map((r) => ({
              emoji: r.emoji.trim(),
              label: r.label.trim() || r.emoji.trim(),
              roleId: r.roleId.trim(),
            })),
          });
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Members who react to the message with an emoji get its role; removing the reaction removes the
            role.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ChannelPicker label="Channel" required value={channelId} onChange={setChannelId} />
            <TextInput
              label="Message ID"
              required
              placeholder="e.g. 123456789012345678"
              inputMode="numeric"
              value={messageId}
              onChange={(e) => setMessageId(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Roles
            </Text>
            {rows.map((row, i) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`Emoji ${i + 1}`}
                  placeholder="🎮"
                  w={64}
                  value={row.emoji}
                  onChange={(e) => setRow(row.key, { emoji: e.currentTarget.value })}
                />
                <TextInput
                  aria-label={`Label ${i + 1}`}
                  placeholder="Gamer"
                  value={row.label}
                  onChange={(e) => setRow(row.key, { label: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <TextInput
                  aria-label={`Role ID ${i + 1}`}
                  placeholder="Role ID"
                  inputMode="numeric"
                  value={row.roleId}
                  onChange={(e) => setRow(row.key, { roleId: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mt={2}
                  aria-label={`Remove role ${i + 1}`}
                  disabled={rows.length <= 1}
                  onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setRows((rs) => [...rs, newRow()])}
              style={{ alignSelf: 'flex-start' }}
            >
              Add role
            </Button>
          </Stack>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
