import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLanguage, IconLock, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PLANS, type PlanKey, planOf } from '../../../common/plans';
import { CardListSkeleton, EmptyState, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { RoomCard, roomLabel } from './RoomCard';
import { RoomDialog, type RoomView } from './RoomDialog';

interface LinkSummary {
  name: string;
  mode: string;
  channels: { channelId: string }[];
}

/** Whether one more link or room passes the plan's channelPairs, and which plan allows more. */
export function linkLimit(plan: PlanKey | undefined, used: number) {
  if (!plan) return null;
  const current = planOf(plan);
  if (current.channelPairs === null || used < current.channelPairs) return null;
  const next = PLANS.find((p) => p.channelPairs === null || p.channelPairs > current.channelPairs!);
  return { plan: current, used, next };
}

/**
 * Single-channel translation rooms on the Channels screen: one channel whose every message gets a
 * reply with its translations. Cards beside the mirror links, a dialog to create or edit, remove.
 */
export function RoomsSection({ links }: { links: LinkSummary[] | undefined }) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const rooms = trpc.singleChannel.list.useQuery({ guildId });
  const plan = trpc.billing.plan.useQuery({ guildId });
  const [dialog, setDialog] = useState<{ opened: boolean; room?: RoomView }>({ opened: false });
  const refresh = () =>
    Promise.all([utils.singleChannel.list.invalidate(), utils.channels.list.invalidate()]);

  const toggle = trpc.singleChannel.update.useMutation({
    onSuccess: (room) =>
      room.active
        ? notifySuccess('Room resumed', `Messages in ${roomLabel(room)} are translated again.`)
        : notifySuccess(
            'Room paused',
            `Messages in ${roomLabel(room)} are not translated until you resume it.`,
          ),
    onError: (err) => notifyError('Could not change the room', errorMessage(err)),
    onSettled: refresh,
  });
  const remove = trpc.singleChannel.remove.useMutation({
    onError: (err) => notifyError('Could not remove the room', errorMessage(err)),
    onSettled: refresh,
  });

  const taken = new Map<string, string>();
  for (const link of links ?? []) {
    for (const c of link.channels)
      taken.set(c.channelId, link.mode === 'single' ? 'already a room' : `in link ${link.name}`);
  }
  const limit = links ? linkLimit(plan.data?.plan, links.length) : null;

  const newButton = (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} />}
      disabled={Boolean(limit)}
      onClick={() => setDialog({ opened: true })}
    >
      New Room
    </Button>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="rooms-title">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} size="h3" id="rooms-title">
            Translation rooms
          </Title>
          <Text c="dimmed" size="sm">
            One channel for everyone: each message gets a reply (or a thread) with its translations into the
            room's languages.
          </Text>
        </Stack>
        {newButton}
      </Group>
      {limit ? (
        <Alert color="yellow" icon={<IconLock size={18} />} title={`The ${limit.plan.name} plan is full`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              It allows {limit.plan.channelPairs} channel links and rooms together, and this server has{' '}
              {limit.used}.
              {limit.next ? ` Upgrade to ${limit.next.name} to add a room, or delete a link or room.` : ''}
            </Text>
            {limit.next ? (
              <Button size="xs" component={Link} to="/admin/settings" search={true} hash="plan">
                Upgrade to {limit.next.name}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {rooms.isPending ? (
        <CardListSkeleton count={2} height={160} columns={2} />
      ) : rooms.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the translation rooms"
          description={errorMessage(rooms.error)}
        />
      ) : rooms.data.length === 0 ? (
        <EmptyState
          icon={<IconLanguage size={28} />}
          title="No translation rooms yet"
          description="A room keeps one channel, such as #international, where members write in any language: the bot answers each message with its translations, so nobody needs a channel per language."
          action={limit ? undefined : newButton}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rooms.data.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              onEdit={() => setDialog({ opened: true, room })}
              onToggle={(active) => toggle.mutate({ guildId, id: room.id, active })}
              toggling={toggle.isPending && toggle.variables?.id === room.id}
              onRemove={() =>
                remove.mutate(
                  { guildId, id: room.id },
                  {
                    onSuccess: () =>
                      notifySuccess(
                        'Translation room removed',
                        `${roomLabel(room)} is an ordinary channel again.`,
                      ),
                  },
                )
              }
              removing={remove.isPending && remove.variables?.id === room.id}
            />
          ))}
        </SimpleGrid>
      )}
      <RoomDialog
        opened={dialog.opened}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        room={dialog.room}
        taken={taken}
      />
    </Stack>
  );
}
