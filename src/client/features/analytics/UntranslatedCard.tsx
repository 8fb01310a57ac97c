import { Card, Table, Text, Title } from '@mantine/core';
import type { Analytics } from './types';

/** What each mark on an original message means (docs/translation.md, "Marks on messages"). */
const MEANINGS: Record<string, { label: string; meaning: string }> = {
  overloaded: {
    label: 'Busy',
    meaning: 'Waited too long for the translation provider; tried again while recent',
  },
  paused: { label: 'Paused', meaning: "The plan's monthly translations are used up" },
  rate_limited: {
    label: 'Member limit',
    meaning: "Over the server's translations per member per hour, or an allowed bot's posts per minute",
  },
  unavailable: {
    label: 'Provider down',
    meaning: 'The translation provider did not answer; tried again while recent',
  },
  failed: { label: 'Failed', meaning: 'No usable answer; tried again while recent' },
  queue_full: {
    label: 'Channel too busy',
    meaning: "Far more copies than Discord's webhook limit lets through; tried again while recent",
  },
};

/**
 * Messages the bot could not translate in time, last 30 days, per reason: each got the reaction
 * shown on the original; "copied later" are those a new try posted after all.
 */
export function UntranslatedCard({
  rows,
  skippedTrivial,
}: {
  rows: Analytics['untranslated'];
  skippedTrivial: number;
}) {
  const total = rows.reduce((n, r) => n + r.marked, 0);
  return (
    <Card withBorder radius="md" padding="lg" px={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4">
        Messages marked, not translated in time
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Last 30 days. The bot puts the reaction below on the original message, so members see why no
        translation appeared.
      </Text>
      {total === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="untranslated-none">
          Every message was translated: none marked in the last 30 days.
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="untranslated">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mark</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Marked</Table.Th>
              <Table.Th ta="right">Copied later</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.reason}>
                <Table.Td fz="lg">{r.mark}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {MEANINGS[r.reason]?.label ?? r.reason}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {MEANINGS[r.reason]?.meaning}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{r.marked.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{r.recovered.toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" mt="md" data-testid="skipped-trivial">
        <Text span fw={600}>
          {skippedTrivial.toLocaleString()}
        </Text>{' '}
        short chatter {skippedTrivial === 1 ? 'message' : 'messages'} ("ok", "lol", "gg", emoji only) skipped
        in the last 30 days: no translation call, no copy (Translation settings, Skip short chatter).
      </Text>
    </Card>
  );
}
