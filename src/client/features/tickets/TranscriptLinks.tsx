import { Button, Group, Text } from '@mantine/core';
import { useGuildId } from '../../lib/guild';

/**
 * The ticket's transcript as it is now, made by the server on demand from the stored ticket (the
 * dashboard's session cookie authenticates the link): the web page with both languages side by
 * side, or plain text.
 */
export function TranscriptLinks({ ticketId }: { ticketId: number }) {
  const guildId = useGuildId();
  const url = (format: 'html' | 'txt') => {
    const query = new URLSearchParams({ format });
    if (guildId) query.set('guildId', guildId);
    return `/api/tickets/${ticketId}/transcript?${query}`;
  };
  return (
    <Group gap="xs" data-testid="ticket-transcript">
      <Text size="sm" c="dimmed">
        Transcript:
      </Text>
      <Button component="a" href={url('html')} download size="xs" variant="default">
        Download (.html)
      </Button>
      <Button component="a" href={url('txt')} download size="xs" variant="default">
        Download (.txt)
      </Button>
    </Group>
  );
}
