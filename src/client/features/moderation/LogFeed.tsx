import { Badge, Card, Divider, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import { errorMessage } from '../../components/admin/errorMessage';
import { MemberName, useMemberNames } from '../../components/admin/names';
import { relativeTime } from '../../components/admin/relativeTime';
import { trpc } from '../../trpc';

const TYPE_COLOR: Record<string, string> = {
  spam: 'orange',
  filter: 'yellow',
  scam: 'red',
  toxicity: 'pink',
  permission: 'gray',
  notice: 'blue',
};

/** The language of the member's flagged words (issue 31: `lang` on member text), when it is known. */
function memberTextLang(language: string): string | undefined {
  return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) && language !== 'und' ? language : undefined;
}

/** "banned word · ES": which rule, which language (who is shown beside it, by name). */
function byline(log: { rule: string; language: string }): string {
  return [log.rule, log.language.toUpperCase()].filter(Boolean).join(' · ');
}

/** The feed of recent moderation actions, newest first, in a scroll area 96 units (384 px) high. */
export function LogFeed({ guildId }: { guildId: string | undefined }) {
  const logs = trpc.moderation.logs.useQuery({ guildId });
  const memberName = useMemberNames((logs.data ?? []).map((l) => l.userId).filter(Boolean));
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Recent moderation actions
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The latest 100 messages the bot flagged, and notices for the admins.
      </Text>
      <ScrollArea
        h={384}
        type="hover"
        scrollHideDelay={600}
        data-testid="moderation-feed"
        viewportProps={{ tabIndex: 0 }}
      >
        {logs.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} radius="sm" />
            ))}
          </Stack>
        ) : logs.isError ? (
          <Text c="red" size="sm">
            {errorMessage(logs.error)}
          </Text>
        ) : logs.data.length === 0 ? (
          <Stack align="center" justify="center" h={360} gap={6} data-testid="empty-state">
            <IconShieldCheck size={36} style={{ opacity: 0.5 }} aria-hidden />
            <Text fw={600}>No moderation actions yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={320}>
              When the bot removes spam or filters a message, it shows up here.
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm" pr="sm">
            {logs.data.map((log, i) => (
              <Fragment key={log.id}>
                {i > 0 ? <Divider /> : null}
                <div data-testid="moderation-log">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <Badge color={TYPE_COLOR[log.type] ?? 'gray'} variant="light" tt="capitalize">
                        {log.type}
                      </Badge>
                      <Badge color="gray" variant="outline" tt="capitalize">
                        {log.action}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" ta="right">
                      {relativeTime(log.timestamp)}
                    </Text>
                  </Group>
                  <Text
                    size="sm"
                    mt={6}
                    lineClamp={2}
                    style={{ overflowWrap: 'anywhere' }}
                    lang={memberTextLang(log.language)}
                  >
                    {log.message}
                  </Text>
                  <Group gap={8} mt={4} wrap="wrap">
                    {log.userId ? <MemberName id={log.userId} name={memberName(log.userId)} /> : null}
                    <Text size="xs" c="dimmed">
                      {byline(log)}
                    </Text>
                  </Group>
                </div>
              </Fragment>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Card>
  );
}
