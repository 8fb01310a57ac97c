import { SimpleGrid } from '@mantine/core';
import { IconClock, IconProgress, IconTicket, IconInbox } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import type { Ticket } from './types';

/** "45m", "2.4h", "3.1d". */
export function formatHours(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))}m`;
  if (hours < 48) return `${Math.round(hours * 10) / 10}h`;
  return `${Math.round((hours / 24) * 10) / 10}d`;
}

/** Open, In Progress, Total and Avg Response Time from real staff replies (spec's 2.4h only as a labelled fallback). */
export function TicketStats({ tickets }: { tickets: Ticket[] }) {
  const guildId = useGuildId();
  const response = trpc.tickets.responseTime.useQuery({ guildId });
  const r = response.data;
  const open = tickets.filter((t) => t.status === 'open').length;
  const inProgress = tickets.filter((t) => t.status === 'in_progress').length;
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        title="Open Tickets"
        value={open}
        icon={<IconInbox size={18} />}
        description="Waiting for a reply"
      />
      <StatCard
        title="In Progress"
        value={inProgress}
        icon={<IconProgress size={18} />}
        description="Being worked on"
      />
      <StatCard
        title="Total Tickets"
        value={tickets.length}
        icon={<IconTicket size={18} />}
        description="All time"
      />
      <StatCard
        title="Avg Response Time"
        value={r ? formatHours(r.hours) : '…'}
        icon={<IconClock size={18} />}
        description={
          !r
            ? 'Loading'
            : r.measured
              ? `Last ${r.windowDays} days · ${r.replied} ticket${r.replied === 1 ? '' : 's'} answered`
              : 'Typical figure: no staff reply yet'
        }
      />
    </SimpleGrid>
  );
}
