import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import type { IntegrationView } from '../../../common/integrations/schemas';
import { EmptyState, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';

type Row = Omit<IntegrationView, 'createdAt'> & { createdAt: string | Date };

const DELIVERY: Record<IntegrationView['delivery'], { label: string; color: string; hint: string }> = {
  push: { label: 'Instant', color: 'teal', hint: 'News arrives the moment it is published.' },
  polling: {
    label: 'Checked every few minutes',
    color: 'blue',
    hint: 'The channel is checked on a schedule.',
  },
  pending: { label: 'Connecting', color: 'yellow', hint: 'Waiting for the platform to confirm.' },
};

/** The server's integrations, each with where it posts, how news arrives and how many posts it made. */
export function IntegrationList({ items }: { items: Row[] }) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const remove = trpc.integrations.remove.useMutation({
    onSuccess: () => void utils.integrations.list.invalidate({ guildId }),
    onError: (err) => notifyError('Could not remove the integration', errorMessage(err)),
  });
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconPlugConnected size={28} />}
        title="No integrations yet"
        description="Follow a YouTube channel or a Twitch streamer above: new videos and live streams are announced in every language channel."
      />
    );
  }
  return (
    <Stack gap="sm">
      {items.map((i) => {
        const d = DELIVERY[i.delivery];
        return (
          <Card key={i.id} withBorder radius="md" p="md" data-testid="integration">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {i.kind === 'youtube' ? (
                  <IconBrandYoutube size={28} color="var(--mantine-color-red-6)" />
                ) : (
                  <IconBrandTwitch size={28} color="var(--mantine-color-violet-6)" />
                )}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {i.sourceName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Posts to {i.linkName} · {i.posted === 1 ? '1 post' : `${i.posted} posts`}
                  </Text>
                  <Tooltip label={d.hint}>
                    <Badge color={d.color} variant="light" w="fit-content">
                      {d.label}
                    </Badge>
                  </Tooltip>
                </Stack>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${i.sourceName}`}
                loading={remove.isPending && remove.variables?.id === i.id}
                onClick={() => remove.mutate({ guildId, id: i.id })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
