import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { useGuildId } from '../../lib/guild';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage } from '../../components/admin/errorMessage';
import { LanguageSelect } from '../../components/admin/LanguageSelect';
import { FORUM_TYPE } from '../../../common/schemas/discord-refs';

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

/** Whether the picked channels mix forums with text channels (the server refuses such a link). */
export function mixesForums(rows: { channelId: string }[], types: Map<string, number>): boolean {
  const picked = rows.map((r) => types.get(r.channelId)).filter((t) => t !== undefined);
  return picked.some((t) => t === FORUM_TYPE) && picked.some((t) => t !== FORUM_TYPE);
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
  // The pickers' own list (same query, same cache): the type of each channel picked.
  const pickerGuild = useGuildId();
  const channels = trpc.guilds.channels.useQuery(
    { guildId: pickerGuild, kind: 'textOrForum' },
    { staleTime: 60_000 },
  );
  const types = new Map((channels.data ?? []).map((c) => [c.id, c.type]));
  const mixed = mixesForums(rows, types);
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
    if (!canCreateLink(name, rows) || mixed) return;
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
            channel's language. Link text channels together, or forums together: a post in one forum opens in
            the others, its title translated.
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
                    kind="textOrForum"
                    grouped
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
          {mixed && (
            <Text size="sm" c="red" role="alert">
              A link holds text channels or forums, not both: a forum post has no place in a text channel.
              Make one link of each.
            </Text>
          )}
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
            <Button type="submit" disabled={!canCreateLink(name, rows) || mixed} loading={create.isPending}>
              Create Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
