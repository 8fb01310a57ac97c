import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { TICKET_CLOSE_REASON_MAX_LENGTH } from '../../../common/tickets/schemas';
import type { TicketWithMessages } from './types';

/** The member's 1-5 rating as stars, e.g. "★★★★☆ 4/5". */
export function ratingStars(rating: number): string {
  return `${'★'.repeat(rating)}${'☆'.repeat(Math.max(0, 5 - rating))} ${rating}/5`;
}

/** Choosing Closed: the reason (optional) told to the member translated, then Close ticket. */
export function CloseReasonForm({
  pending,
  onClose,
  onCancel,
}: {
  pending: boolean;
  onClose: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Stack gap="xs" data-testid="ticket-close-form">
      <Textarea
        label="Reason for closing (optional)"
        description="Told to the member, translated into their language."
        value={reason}
        maxLength={TICKET_CLOSE_REASON_MAX_LENGTH}
        autosize
        minRows={2}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button size="xs" color="red" loading={pending} onClick={() => onClose(reason.trim())}>
          Close ticket
        </Button>
      </Group>
    </Stack>
  );
}

/** A closed ticket: why it was closed and the member's rating (or that none came yet). */
export function CloseOutcome({ ticket: t }: { ticket: TicketWithMessages }) {
  if (t.status !== 'closed' && t.rating === null) return null;
  return (
    <Stack gap={4} data-testid="ticket-close-outcome">
      {t.status === 'closed' && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Closed:
          </Text>{' '}
          {t.closeReason ?? 'no reason given'}
        </Text>
      )}
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Member's rating:
        </Text>
        {t.rating === null ? (
          <Text size="sm" c="dimmed">
            not rated yet
          </Text>
        ) : (
          <Badge color="yellow" variant="light" aria-label={`Rated ${t.rating} out of 5`}>
            {ratingStars(t.rating)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
