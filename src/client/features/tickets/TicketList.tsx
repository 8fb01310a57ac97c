import { Stack } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { EmptyState, useMemberNames } from '../../components/admin';
import { STATUS_LABELS, type TicketStatus } from './display';
import { TicketRow } from './TicketRow';
import type { Ticket } from './types';

interface Props {
  tickets: Ticket[];
  status: TicketStatus | 'all';
  onOpen: (id: number) => void;
}

/** The ticket rows, or the spec's two empty-state texts. */
export function TicketList({ tickets, status, onOpen }: Props) {
  const memberName = useMemberNames(tickets.map((t) => t.userId));
  if (tickets.length === 0) {
    return (
      <EmptyState
        icon={<IconTicket size={28} />}
        title="No tickets found"
        description={
          status === 'all'
            ? 'Users can create tickets via Discord using /ticket create'
            : `No ${STATUS_LABELS[status].toLowerCase()} tickets at the moment`
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      {tickets.map((t) => (
        <TicketRow key={t.id} ticket={t} memberName={memberName(t.userId)} onOpen={() => onOpen(t.id)} />
      ))}
    </Stack>
  );
}
