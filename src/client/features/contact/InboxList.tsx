import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import { type ContactMessage, TYPE_COLORS, TYPE_LABELS } from './display';
import { InboxServer } from './InboxServer';

interface Props {
  messages: ContactMessage[];
  selectedId: number | null;
  onOpen: (id: number) => void;
}

/**
 * The inbox rows (open ones ordered by when their reply is due): unread ones in bold with a dot;
 * type, subject, sender, time, and the server's plan and countdown when it has one.
 */
export function InboxList({ messages, selectedId, onOpen }: Props) {
  const now = new Date();
  return (
    <Stack gap="xs" data-testid="inbox-list">
      {messages.map((m) => {
        const unread = !m.readAt;
        return (
          <UnstyledButton key={m.id} onClick={() => onOpen(m.id)} aria-label={`Open message: ${m.subject}`}>
            <Card
              withBorder
              radius="md"
              padding="sm"
              data-testid="inbox-row"
              data-unread={unread || undefined}
              bg={selectedId === m.id ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge
                    size="xs"
                    circle
                    color={unread ? 'blue' : 'transparent'}
                    aria-label={unread ? 'Unread' : 'Read'}
                    variant="filled"
                  >
                    {' '}
                  </Badge>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={unread ? 700 : 500} truncate>
                      {m.subject}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {m.name} · {m.email}
                    </Text>
                    <InboxServer message={m} now={now} />
                  </Stack>
                </Group>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <Badge size="xs" variant="light" color={TYPE_COLORS[m.type] ?? 'gray'}>
                    {TYPE_LABELS[m.type] ?? m.type}
                  </Badge>
                  <Text size="xs" c="dimmed" title={m.createdAt.toLocaleString()}>
                    {formatDistanceToNow(m.createdAt, { addSuffix: true })}
                  </Text>
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
