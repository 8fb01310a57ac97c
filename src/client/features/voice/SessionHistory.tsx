import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { format } from 'date-fns';
import { EmptyState } from '../../components/admin';
import { formatDuration } from '../../lib/duration';
import { statusBadge } from './format';
import type { VoiceSession } from './types';

/** Spec section 9: the history shows up to 20 sessions. */
export const HISTORY_LIMIT = 20;

/** The 20 newest sessions, or 'No Sessions Yet'. */
export function SessionHistory({ sessions }: { sessions: VoiceSession[] }) {
  if (sessions.length === 0) {
    return (
      <EmptyState
        icon={<IconMicrophoneOff size={28} />}
        title="No Sessions Yet"
        description="Voice translation sessions started in your server appear here."
      />
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Session History
      </Title>
      <Stack gap="xs">
        {sessions.slice(0, HISTORY_LIMIT).map((s) => {
          const badge = statusBadge(s.status);
          return (
            <Group
              key={s.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="history-row"
            >
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500}>
                  {s.sourceLanguage.toUpperCase()} → {s.targetLanguage.toUpperCase()}
                </Text>
                <Text size="xs" c="dimmed">
                  {format(s.startedAt, 'MMM d, h:mm a')}
                  {s.durationSeconds > 0 && ` · ${formatDuration(s.durationSeconds)}`}
                  {` · ${s.charactersProcessed.toLocaleString()} characters`}
                </Text>
              </Stack>
              <Badge variant={badge.variant} color={badge.color} style={{ flex: 'none' }}>
                {s.status}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
