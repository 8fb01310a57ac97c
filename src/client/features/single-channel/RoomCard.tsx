import { ActionIcon, Badge, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconLanguage, IconMessages, IconPencil } from '@tabler/icons-react';
import { languageName } from '../../../common/languages';
import { ConfirmDelete, relativeTime, unknownChannelLabel } from '../../components/admin';
import { BotsAndWebhooks } from '../../components/admin/BotsAndWebhooks';
import type { RoomView } from './RoomDialog';

export const roomLabel = (room: Pick<RoomView, 'channelName' | 'channelId'>) =>
  room.channelName ? `#${room.channelName}` : unknownChannelLabel(room.channelId);

/** One translation room: its channel, Active/Paused, its languages, when it was made; pause, edit, remove. */
export function RoomCard({
  room,
  onEdit,
  onToggle,
  onRemove,
  toggling,
  removing,
}: {
  room: RoomView & { createdAt: string | Date };
  onEdit: () => void;
  onToggle: (active: boolean) => void;
  onRemove: () => void;
  toggling: boolean;
  removing: boolean;
}) {
  const label = roomLabel(room);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="translation-room"
      aria-label={`Translation room ${label}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" truncate="end" ff={room.channelName ? undefined : 'monospace'}>
            {label}
          </Text>
          <Group gap={6}>
            <Badge color={room.active ? 'teal' : 'gray'} variant="light">
              {room.active ? 'Active' : 'Paused'}
            </Badge>
            <Badge variant="outline" color="gray" leftSection={<IconLanguage size={12} aria-hidden />}>
              Translation room
            </Badge>
            <Badge
              variant="outline"
              color="gray"
              leftSection={
                room.delivery === 'thread' ? (
                  <IconMessages size={12} aria-hidden />
                ) : (
                  <IconArrowBackUp size={12} aria-hidden />
                )
              }
            >
              {room.delivery === 'thread' ? 'Thread per message' : 'Reply per message'}
            </Badge>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit languages and delivery" openDelay={700}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Edit languages of ${label}`}
              onClick={onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <ConfirmDelete
            label={`Remove room ${label}`}
            question={`Remove this room? Messages in ${label} are no longer translated.`}
            onConfirm={onRemove}
            loading={removing}
          />
        </Group>
      </Group>
      {room.channelName ? null : (
        <Text size="xs" c="orange" mt="xs">
          The bot no longer sees this channel: it was deleted or its permissions changed.
        </Text>
      )}
      <Text size="xs" c={room.languages.length ? 'dimmed' : 'orange'} mt="md" mb={6}>
        {room.languages.length
          ? room.delivery === 'thread'
            ? 'Each message gets a thread with its translations in'
            : 'Each message gets one reply in'
          : 'No languages yet: messages here are not translated until you add one.'}
      </Text>
      <Group gap={6}>
        {room.languages.map((code) => (
          <Badge key={code} variant="light">
            {languageName(code)}
          </Badge>
        ))}
      </Group>
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="xs" c="dimmed">
          Created {relativeTime(room.createdAt)}
        </Text>
        <Switch
          size="sm"
          label="Translating"
          aria-label={`Translate messages in ${label}`}
          checked={room.active}
          disabled={toggling}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      </Group>
      <BotsAndWebhooks linkId={room.id} />
    </Card>
  );
}
