import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { ChannelName, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { VoiceSession } from './types';

/** Sessions translating now, each with End Session. */
export function ActiveSessions({ sessions, botOnline }: { sessions: VoiceSession[]; botOnline: boolean }) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const end = trpc.voice.update.useMutation({
    onSuccess: () => {
      notifySuccess('Session Ended', 'Voice translation session has been stopped');
    },
    onError: (err) => notifyError('Error', `Failed to end voice translation session: ${errorMessage(err)}`),
    onSettled: () => {
      void utils.voice.sessions.invalidate();
      void utils.voice.active.invalidate();
    },
  });
  if (sessions.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="md">
        <Title order={2} size="h4">
          Active Sessions
        </Title>
        {botOnline ? (
          <Badge color="red" variant="dot" data-testid="voice-live">
            Live
          </Badge>
        ) : (
          <Badge color="gray" variant="dot" data-testid="voice-bot-offline">
            Bot offline
          </Badge>
        )}
      </Group>
      {!botOnline && (
        <Text size="sm" c="dimmed" mb="sm">
          The bot is not connected to Discord, so these sessions are not translating. Captions resume when it
          reconnects; End Session closes a session now.
        </Text>
      )}
      <Stack gap="sm">
        {sessions.map((s) => (
          <Card key={s.id} withBorder radius="sm" padding="sm" data-testid="active-session">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text
                  fw={600}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="active-session-channel"
                >
                  <ChannelName id={s.channelId} />{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    · session #{s.id}
                  </Text>
                </Text>
                <Text size="sm">
                  {s.sourceLanguage.toUpperCase()} → {s.targetLanguage.toUpperCase()}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.charactersProcessed.toLocaleString()} characters
                </Text>
              </Stack>
              <Button
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={16} />}
                loading={end.isPending && end.variables?.sessionId === s.id}
                onClick={() => end.mutate({ guildId, sessionId: s.id, status: 'ended', endedAt: new Date() })}
              >
                End Session
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
