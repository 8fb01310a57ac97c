import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BotPermissionsAlert,
  CardListSkeleton,
  EmptyState,
  errorMessage,
  PageHeader,
} from '../../components/admin';
import { CreatePollDialog } from './CreatePollDialog';
import { PollCard } from './PollCard';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/** Polls (spec section 2): poll cards with vote bars, Create Multilingual Poll, Delete, empty state. */
export default function PollsPage() {
  const guildId = useGuildId();
  const [creating, setCreating] = useState(false);
  const unlocked = useCapability('polls');
  // While a poll waits for the bot, look again every few seconds: its badge turns to posted.
  const polls = trpc.polls.list.useQuery(
    { guildId },
    {
      enabled: unlocked !== false,
      refetchInterval: (q) => (q.state.data?.some((p) => p.delivery === 'queued') ? 3000 : false),
    },
  );
  const utils = trpc.useUtils();
  const close = trpc.polls.close.useMutation({
    onSuccess: (p) =>
      notifySuccess(
        'Poll closed',
        p?.delivery === 'posted' ? 'Its Discord message now shows the final results.' : undefined,
      ),
    onError: (err) => notifyError('Could not close the poll', errorMessage(err)),
    onSettled: () => utils.polls.list.invalidate(),
  });
  const remove = trpc.polls.delete.useMutation({
    onSuccess: () => notifySuccess('Poll deleted'),
    onError: (err) => notifyError('Could not delete the poll', errorMessage(err)),
    onSettled: () => utils.polls.list.invalidate(),
  });

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create Poll
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Polls"
        description="Ask your community in one language; every member votes in theirs."
        action={unlocked === false ? undefined : createButton}
      />
      {unlocked && <BotPermissionsAlert features={['announcements']} channelIds={[]} />}
      {unlocked === false ? (
        <LockedFeature
          capability="polls"
          description="Multilingual polls with buttons in Discord, each member voting in their own language."
        />
      ) : polls.isPending ? (
        <CardListSkeleton count={4} height={220} columns={2} />
      ) : polls.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the polls"
          description={errorMessage(polls.error)}
        />
      ) : polls.data.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={28} />}
          title="No polls yet"
          description="Create a multilingual poll: the bot posts it and members vote in their own language."
          action={createButton}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {polls.data.map((poll) => (
            <PollCard
              key={poll.id}
              poll={poll}
              deleting={remove.isPending && remove.variables?.id === poll.id}
              onDelete={() => remove.mutate({ guildId, id: poll.id })}
              closing={close.isPending && close.variables?.id === poll.id}
              onClose={() => close.mutate({ guildId, id: poll.id })}
            />
          ))}
        </SimpleGrid>
      )}
      <CreatePollDialog opened={creating} onClose={() => setCreating(false)} guildId={guildId} />
    </Stack>
  );
}
