import { SimpleGrid } from '@mantine/core';
import { IconClock, IconProgress, IconTicket, IconInbox } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import type { Ticket } from './types';

/** Open, In Progress, Total and the fixed Avg Response Time placeholder (spec section 9). */
export function TicketStats({ tickets }: { tickets: Ticket[] }) {
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
        value="2.4h"
        icon={<IconClock size={18} />}
        description="Last 30 days"
      />
    </SimpleGrid>
  );
}
