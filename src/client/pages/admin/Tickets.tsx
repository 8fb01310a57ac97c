import { Alert, Group, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CardListSkeleton, errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from '../../features/tickets/display';
import { TicketDetailDialog } from '../../features/tickets/TicketDetailDialog';
import { TicketList } from '../../features/tickets/TicketList';
import { TicketStats } from '../../features/tickets/TicketStats';
import { useGuildId } from '../../lib/guild';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';

const FILTERS = [
  { value: 'all', label: 'All Tickets' },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** Support Tickets: multilingual tickets members open with /ticket create. */
export default function TicketsPage() {
  const guildId = useGuildId();
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  // The stat cards count every ticket; the list carries the status filter in its query.
  const all = trpc.tickets.list.useQuery({ guildId });
  // While another filter loads, the previous list stays on screen instead of a skeleton.
  const list = trpc.tickets.list.useQuery(status === 'all' ? { guildId } : { guildId, status }, {
    placeholderData: (previous) => previous,
  });
  const error = list.error ?? all.error;

  useEffect(() => {
    if (error) notifyError('Failed to fetch tickets', errorMessage(error));
  }, [error]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Support Tickets"
        description="Manage multilingual support tickets for your community"
      />
      {all.isLoading ? <StatGridSkeleton cards={4} /> : all.data && <TicketStats tickets={all.data} />}
      <Group justify="space-between" align="flex-end">
        <Select
          label="Filter by Status"
          data={FILTERS}
          value={status}
          onChange={(v) => setStatus((v ?? 'all') as TicketStatus | 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {error && (
        <Alert color="red" title="Failed to fetch tickets">
          {errorMessage(error)}
        </Alert>
      )}
      {list.isLoading && !all.isLoading && <CardListSkeleton count={3} height={110} />}
      {list.data && <TicketList tickets={list.data} status={status} onOpen={setOpenId} />}
      <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
