import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMoodSmile, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { CardListSkeleton } from '../../components/admin/CardListSkeleton';
import { EmptyState } from '../../components/admin/EmptyState';
import { errorMessage } from '../../components/admin/errorMessage';
import { CreateReactionRoleDialog } from './CreateReactionRoleDialog';
import { ReactionRoleCard } from './ReactionRoleCard';

/** Reaction Roles tab: the list with Delete, and Create. */
export function ReactionRolesTab({ guildId }: { guildId: string | undefined }) {
  const [creating, setCreating] = useState(false);
  const list = trpc.reactionRoles.list.useQuery({ guildId });
  const utils = trpc.useUtils();
  const remove = trpc.reactionRoles.delete.useMutation({
    onSuccess: () => notifySuccess('Reaction role deleted'),
    onError: (err) => notifyError('Could not delete the reaction role', errorMessage(err)),
    onSettled: () => utils.reactionRoles.list.invalidate(),
  });
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create Reaction Role
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          Let members pick their own roles by reacting to a message.
        </Text>
        {list.data?.length ? createButton : null}
      </Group>
      {list.isPending ? (
        <CardListSkeleton count={2} height={140} columns={2} />
      ) : list.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the reaction roles"
          description={errorMessage(list.error)}
        />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<IconMoodSmile size={28} />}
          title="No reaction roles yet"
          description="Post a message in Discord, copy its ID, then map emoji to roles here."
          action={createButton}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.data.map((entry) => (
            <ReactionRoleCard
              key={entry.id}
              entry={entry}
              deleting={remove.isPending && remove.variables?.id === entry.id}
              onDelete={() => remove.mutate({ guildId, id: entry.id })}
            />
          ))}
        </SimpleGrid>
      )}
      <CreateReactionRoleDialog opened={creating} onClose={() => setCreating(false)} guildId={guildId} />
    </Stack>
  );
}
