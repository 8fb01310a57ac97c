import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { IconRobot, IconWebhook } from '@tabler/icons-react';
import { useChannelName } from './ChannelPicker';
import { errorMessage } from './errorMessage';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * A link's or room's bots and webhooks (issue 28; the Channels screen's link and room cards): the ones that posted in its channels, by name, each with a
 * switch that has its posts translated and copied like a member's. The bot's own copies never
 * appear here and are never translated again.
 */
export function BotsAndWebhooks({ linkId }: { linkId: number }) {
  const guildId = useGuildId();
  const channelName = useChannelName();
  const utils = trpc.useUtils();
  const authors = trpc.channels.foreignAuthors.useQuery({ guildId });
  const allow = trpc.channels.allowForeignAuthor.useMutation({
    onSuccess: (row) =>
      notifySuccess(row.allowed ? `${row.name}'s posts are translated` : `${row.name}'s posts are ignored`),
    onError: (err) => notifyError('Could not change the bot or webhook', errorMessage(err)),
    onSettled: () => utils.channels.foreignAuthors.invalidate(),
  });
  const mine = authors.data?.filter((a) => a.linkId === linkId) ?? [];
  return (
    <Stack gap={6} mt="md" aria-label="Bots and webhooks">
      <Text size="sm" fw={600}>
        Bots and webhooks
      </Text>
      {mine.length === 0 ? (
        <Text size="xs" c="dimmed">
          {authors.isPending
            ? 'Loading…'
            : 'None has posted here yet. A bot or webhook (news feed, game relay) is listed once it posts here; its posts are ignored until you allow it.'}
        </Text>
      ) : (
        mine.map((a) => (
          <Group key={a.authorId} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {a.kind === 'bot' ? (
                <IconRobot size={14} aria-hidden style={{ flexShrink: 0 }} />
              ) : (
                <IconWebhook size={14} aria-hidden style={{ flexShrink: 0 }} />
              )}
              <Text size="sm" truncate="end">
                {a.name}
              </Text>
              <Badge variant="outline" color="gray" size="xs" style={{ flexShrink: 0 }}>
                {a.kind === 'bot' ? 'Bot' : 'Webhook'}
              </Badge>
              <Text size="xs" c="dimmed" truncate="end" visibleFrom="xs">
                {channelName(a.channelId)}
              </Text>
            </Group>
            <Switch
              label="Translate"
              aria-label={`Translate posts of ${a.name}`}
              checked={a.allowed}
              disabled={allow.isPending && allow.variables?.authorId === a.authorId}
              onChange={(e) =>
                allow.mutate({
                  guildId,
                  linkId,
                  authorId: a.authorId,
                  allowed: e.currentTarget.checked,
                })
              }
            />
          </Group>
        ))
      )}
    </Stack>
  );
}
