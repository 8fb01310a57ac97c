import { Alert, Button, Group, Input, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconHash, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName } from '../../../common/languages';
import { type RoomDelivery, SINGLE_CHANNEL_MAX_LANGUAGES } from '../../../common/single-channel/schemas';
import { errorMessage, LanguageMultiSelect } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

export interface RoomView {
  id: number;
  channelId: string;
  channelName: string | null;
  languages: string[];
  delivery: RoomDelivery;
  active: boolean;
}

/** What each delivery choice means, for the form and the card. */
export const DELIVERY_LABEL: Record<RoomDelivery, string> = {
  reply: 'Reply under each message',
  thread: 'Thread from each message',
};

/** "Spanish, French and German" */
export function languageList(codes: string[]): string {
  const names = codes.map(languageName);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * New room (pick a synced text channel and its languages) or, with `room`, edit a room's
 * languages. Channels already in a link or a room are listed but disabled, saying where they are.
 */
export function RoomDialog({
  opened,
  onClose,
  room,
  taken,
}: {
  opened: boolean;
  onClose: () => void;
  room?: RoomView;
  /** Channel id -> what it already belongs to ("in link General chat", "a room"). */
  taken: Map<string, string>;
}) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.singleChannel.list.invalidate(), utils.channels.list.invalidate()]);
  const create = trpc.singleChannel.create.useMutation({
    onSuccess: (made) => {
      notifySuccess(
        'Translation room created',
        `Each message in #${made.channelName ?? made.channelId} gets a reply in ${languageList(made.languages)}.`,
      );
      onClose();
    },
    onError: (err) => notifyError('Could not create the room', errorMessage(err)),
    onSettled: refresh,
  });
  const update = trpc.singleChannel.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess(
        'Room saved',
        `#${saved.channelName ?? saved.channelId} now translates into ${languageList(saved.languages)} (${DELIVERY_LABEL[saved.delivery].toLowerCase()}).`,
      );
      onClose();
    },
    onError: (err) => notifyError('Could not save the room', errorMessage(err)),
    onSettled: refresh,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? `Edit #${room.channelName ?? room.channelId}` : 'New Translation Room'}
      size="lg"
    >
      {/* The Modal mounts its content when it opens: the form starts from the room each time. */}
      <RoomForm
        room={room}
        taken={taken}
        pending={create.isPending || update.isPending}
        onCancel={onClose}
        onSubmit={(channelId, languages, delivery) => {
          if (room) update.mutate({ guildId, id: room.id, languages, delivery });
          else create.mutate({ guildId, channelId, languages, delivery });
        }}
      />
    </Modal>
  );
}

function RoomForm({
  room,
  taken,
  pending,
  onCancel,
  onSubmit,
}: {
  room?: RoomView;
  taken: Map<string, string>;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (channelId: string, languages: string[], delivery: RoomDelivery) => void;
}) {
  const guildId = useGuildId();
  // Text and announcement channels (as the server checks): a forum's messages live in threads,
  // voice has no chat here.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'text' }, { staleTime: 60_000 });
  const [channelId, setChannelId] = useState<string | null>(room?.channelId ?? null);
  const [languages, setLanguages] = useState<string[]>(room?.languages ?? []);
  const [delivery, setDelivery] = useState<RoomDelivery>(room?.delivery ?? 'reply');

  const usable = channels.data ?? [];
  const channelData = usable.map((c) => {
    const where = taken.get(c.id);
    return { value: c.id, label: where ? `#${c.name} (${where})` : `#${c.name}`, disabled: Boolean(where) };
  });
  const ready = Boolean(channelId) && languages.length > 0;
  const noChannels = !room && channels.isSuccess && usable.length === 0;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !pending && channelId) onSubmit(channelId, languages, delivery);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {room
            ? 'Every message in this channel gets its translation into each of these languages, together in one post.'
            : 'Members keep talking in one channel; the bot answers each message with its translations into the languages you pick.'}
        </Text>
        {noChannels ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="No text channels known yet">
            The bot lists the server's channels when it joins and whenever they change. Check that the bot is
            in this server and can see the channel, then open this dialog again.
          </Alert>
        ) : null}
        {room ? null : (
          <Select
            {...keyboardPick(channelId)}
            label="Channel"
            placeholder={channels.isPending ? 'Loading channels…' : 'Pick a text channel'}
            required
            searchable
            nothingFoundMessage="No text channel of that name"
            leftSection={<IconHash size={14} aria-hidden />}
            data={channelData}
            value={channelId}
            onChange={setChannelId}
            disabled={channels.isPending || noChannels}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        <LanguageMultiSelect
          label="Translate into"
          description={`Up to ${SINGLE_CHANNEL_MAX_LANGUAGES} languages, in the order each reply lists them`}
          placeholder={languages.length ? undefined : 'Pick languages'}
          required
          hidePickedOptions
          maxValues={SINGLE_CHANNEL_MAX_LANGUAGES}
          value={languages}
          onChange={setLanguages}
        />
        <Input.Wrapper
          label="Deliver translations"
          description={
            delivery === 'thread'
              ? 'A thread started from each message holds its translations: the channel stays readable.'
              : 'One reply under each message holds its translations.'
          }
        >
          <SegmentedControl
            mt={6}
            fullWidth
            value={delivery}
            onChange={(v) => setDelivery(v as RoomDelivery)}
            data={[
              { value: 'reply', label: DELIVERY_LABEL.reply },
              { value: 'thread', label: DELIVERY_LABEL.thread },
            ]}
            aria-label="Deliver translations"
          />
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={pending}>
            {room ? 'Save room' : 'Create room'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
