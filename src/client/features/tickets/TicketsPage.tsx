import { Alert, Group, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BotPermissionsAlert,
  CardListSkeleton,
  errorMessage,
  PageHeader,
  StatGridSkeleton,
} from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { ExportCard } from '../exports/ExportCard';
import { AutoCloseCard } from './AutoCloseCard';
import { STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from './display';
import { TicketDetailDialog } from './TicketDetailDialog';
import { TicketList } from './TicketList';
import { TicketPanelCard } from './TicketPanelCard';
import { TicketSettings } from './TicketSettings';
import { TicketStats } from './TicketStats';
import { keyboardPick } from '../../components/admin/keyboard-pick';

const FILTERS = [
  { value: 'all', label: 'All Tickets' },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

const TITLE = 'Support Tickets';
const SUBTITLE = 'Manage multilingual support tickets for your community';

/** Support Tickets: multilingual tickets members open with /ticket create (Ultimate). */
export default function TicketsPage() {
  const guildId = useGuildId();
  const allowed = useCapability('tickets');
  const plan = trpc.billing.plan.useQuery({ guildId });
  if (allowed === false) {
    return (
      <Stack gap="lg">
        <PageHeader title={TITLE} description={SUBTITLE} />
        <LockedFeature
          capability="tickets"
          description="Members open tickets with /ticket create and talk with your team in a private thread, each in their own language."
        />
      </Stack>
    );
  }
  // While the plan loads: the skeleton. A plan that cannot be read: the screen names the error.
  if (allowed === undefined && !plan.error) return <StatGridSkeleton cards={4} />;
  return <Tickets />;
}

function Tickets() {
  const guildId = useGuildId();
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  // The stat cards count every ticket; the list carries the status filter in its query.
  const all = trpc.tickets.list.useQuery({ guildId });
  const stats = trpc.tickets.stats.useQuery({ guildId }, { refetchInterval: 30_000 });
  // While another filter loads, the previous list stays on screen instead of a skeleton.
  const list = trpc.tickets.list.useQuery(status === 'all' ? { guildId } : { guildId, status }, {
    placeholderData: (previous) => previous,
  });
  const error = list.error ?? all.error ?? stats.error;
  // The channel tickets open in (same query as the settings below): its overwrites matter.
  const ticketChannel = trpc.tickets.settings.useQuery({ guildId }).data?.channelId;

  useEffect(() => {
    if (error) notifyError('Failed to fetch tickets', errorMessage(error));
  }, [error]);

  return (
    <Stack gap="lg">
      <PageHeader title={TITLE} description={SUBTITLE} />
      <BotPermissionsAlert features={['tickets']} channelIds={ticketChannel ? [ticketChannel] : []} />
      {stats.isLoading ? <StatGridSkeleton cards={4} /> : stats.data && <TicketStats stats={stats.data} />}
      <Group justify="space-between" align="flex-end">
        <Select
          {...keyboardPick(status)}
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
      <TicketSettings />
      <TicketPanelCard />
      <AutoCloseCard />
      <ExportCard datasets={['tickets']} title="Export tickets" />
      <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
