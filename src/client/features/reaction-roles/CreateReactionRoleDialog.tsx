import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage } from '../../components/admin/errorMessage';
import { NO_ROLES_NOTE, RolePicker } from '../../components/admin/RolePicker';

interface Row {
  key: number;
  emoji: string;
  label: string;
  roleId: string;
}

let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, emoji: '', label: '', roleId: '' });
const complete = (r: Row) => r.emoji.trim() !== '' && r.roleId.trim() !== '';

/** Create: a channel and at least one row with an emoji and a role (no message id: the bot posts the menu). */
export function canCreateReactionRole(channelId: string, _messageId: string, rows: Row[]): boolean {
  return channelId.trim() !== '' && rows.some(complete);
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
  const [title, setTitle] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const roles = trpc.guilds.roles.useQuery({ guildId }, { staleTime: 60_000 });
  const noRoles = roles.isSuccess && roles.data.every((r) => r.managed);
  const utils = trpc.useUtils();
  const reset = () => {
    setChannelId('');
    setMessageId('');
    setTitle('');
    setRows([newRow()]);
  };
  const create = trpc.reactionRoles.create.useMutation({
    onSuccess: (entry) => {
      if (entry.delivery === 'queued')
        notifySuccess(
          'Reaction role menu created',
          'Queued: the bot posts it in Discord as soon as it is connected.',
        );
      else notifySuccess('Reaction role created');
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
            title: title.trim(),
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
              description="Leave empty: the bot posts the menu and adds the reactions"
              placeholder="e.g. 123456789012345678"
              inputMode="numeric"
              value={messageId}
              onChange={(e) => setMessageId(e.currentTarget.value)}
            />
          </SimpleGrid>
          {messageId.trim() === '' ? (
            <TextInput
              label="Menu title"
              description="Translated into the server's languages with the role lines"
              placeholder="Pick your roles"
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          ) : null}
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Roles
            </Text>
            {noRoles ? (
              <Text size="xs" c="dimmed">
                {NO_ROLES_NOTE}
              </Text>
            ) : null}
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
                <RolePicker
                  kind="assignable"
                  withNote={false}
                  aria-label={`Role ${i + 1}`}
                  value={row.roleId}
                  onChange={(roleId) => setRow(row.key, { roleId })}
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
