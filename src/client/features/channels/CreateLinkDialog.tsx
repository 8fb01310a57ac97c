import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage } from '../../components/admin/errorMessage';
import { LanguageSelect } from '../../components/admin/LanguageSelect';

interface Row {
  key: number;
  channelId: string;
  language: string;
}

let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, channelId: '', language: 'en' });

/** Spec section 5: disabled while the name is empty or no row has a channel. */
export function canCreateLink(name: string, rows: { channelId: string }[]): boolean {
  return name.trim() !== '' && rows.some((r) => r.channelId.trim() !== '');
}

/** The Create Link dialog: a name and rows of channel + language; mode mirror. */
export function CreateLinkDialog({
  opened,
  onClose,
  guildId,
}: {
  opened: boolean;
  onClose: () => void;
  guildId: string | undefined;
}) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow(), newRow()]);
  const utils = trpc.useUtils();
  const reset = () => {
    setName('');
    setRows([newRow(), newRow()]);
  };
  const create = trpc.channels.create.useMutation({
    onSuccess: () => {
      notifySuccess('Channel link created');
      reset();
      onClose();
    },
    onError: (err) => notifyError('Could not create the link', errorMessage(err)),
    onSettled: () => utils.channels.list.invalidate(),
  });

  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = () => {
    if (!canCreateLink(name, rows)) return;
    create.mutate({
      guildId,
      name: name.trim(),
      channels: rows
        .filter((r) => r.channelId.trim() !== '')
        .map((r) => ({ channelId: r.channelId.trim(), language: r.language })),
      mode: 'mirror',
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create Channel Link" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Messages posted in any of these channels are translated and mirrored into the others, each in its
            channel's language.
          </Text>
          <TextInput
            label="Link name"
            placeholder="e.g. General chat"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Stack gap="md">
            {rows.map((row, i) => (
              <Group key={row.key} align="flex-end" gap="xs" wrap="wrap" data-testid="link-row">
                <div style={{ flex: '3 1 12rem', minWidth: 0 }}>
                  <ChannelPicker
                    label={`Channel ${i + 1}`}
                    value={row.channelId}
                    onChange={(channelId) => setRow(row.key, { channelId })}
                  />
                </div>
                <div style={{ flex: '2 1 8rem', minWidth: 0 }}>
                  <LanguageSelect
                    label="Language"
                    aria-label={`Language of channel ${i + 1}`}
                    value={row.language}
                    onChange={(language) => setRow(row.key, { language })}
                  />
                </div>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mb={2}
                  aria-label={`Remove channel ${i + 1}`}
                  disabled={rows.length <= 1}
                  onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRows((rs) => [...rs, newRow()])}
            style={{ alignSelf: 'flex-start' }}
          >
            Add channel
          </Button>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canCreateLink(name, rows)} loading={create.isPending}>
              Create Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
