import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import type { IntegrationView } from '../../../common/integrations/schemas';
import { EmptyState, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';

type Row = Omit<IntegrationView, 'createdAt' | 'retryAt'> & {
  createdAt: string | Date;
  retryAt: string | Date | null;
};

const DELIVERY: Record<IntegrationView['delivery'], { label: string; color: string; hint: string }> = {
  push: { label: 'Instant', color: 'teal', hint: 'News arrives the moment it is published.' },
  polling: {
    label: 'Checked every few minutes',
    color: 'blue',
    hint: 'The channel is checked on a schedule.',
  },
  pending: { label: 'Connecting', color: 'yellow', hint: 'Waiting for the platform to confirm.' },
  retrying: {
    label: 'Push failed, retrying',
    color: 'orange',
    hint: 'Twitch stopped sending alerts; the subscription is made again with growing waits.',
  },
};

const hhmm = (d: string | Date) =>
  new Date(d).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/** One sentence of how this entry's news arrives right now (null: the badge says it all). */
export function deliveryLine(i: Row): string | null {
  const every = `checking every ${i.checkMinutes} min`;
  if (i.pushEnded === 'authorization_revoked')
    return `The streamer withdrew access on Twitch: they must reconnect for live alerts by push. Until then, ${every}.`;
  if (i.pushEnded === 'user_removed')
    return 'This Twitch channel no longer exists: nothing will be announced. Remove it.';
  if (i.kind !== 'twitch') return null;
  if (i.delivery === 'push') return 'Live alerts by push';
  if (i.delivery === 'retrying' && i.retryAt)
    return `Push failed, retrying at ${hhmm(i.retryAt)} — ${every} meanwhile`;
  if (i.delivery === 'pending') return `Waiting for Twitch to confirm — ${every} meanwhile`;
  return `Checked every ${i.checkMinutes} min`;
}

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
        const line = deliveryLine(i);
        return (
          <Card key={i.id} withBorder radius="md" p="md" data-testid="integration">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {i.kind === 'youtube' ? (
                  <IconBrandYoutube size={28} color="var(--mantine-color-red-6)" style={{ flexShrink: 0 }} />
                ) : (
                  <IconBrandTwitch
                    size={28}
                    color="var(--mantine-color-violet-6)"
                    style={{ flexShrink: 0 }}
                  />
                )}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {i.sourceName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Posts to {i.linkName} · {i.posted === 1 ? '1 post' : `${i.posted} posts`}
                  </Text>
                  <Tooltip label={d.hint}>
                    {line ? (
                      <Text
                        size="sm"
                        c={`var(--mantine-color-${i.pushEnded ? 'red' : d.color}-text)`}
                        w="fit-content"
                        data-testid="integration-delivery"
                      >
                        {line}
                      </Text>
                    ) : (
                      <Badge color={d.color} variant="light" w="fit-content">
                        {d.label}
                      </Badge>
                    )}
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
