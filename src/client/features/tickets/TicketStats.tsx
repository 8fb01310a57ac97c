import { SimpleGrid } from '@mantine/core';
import { IconClock, IconInbox, IconProgress, IconStar, IconTicket } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import type { RouterOutputs } from '../../lib/router-types';
import { formatResponseTime } from './display';

type Stats = RouterOutputs['tickets']['stats'];

/** Open, In Progress, Total, the average first staff response over the last 30 days, the average rating. */
export function TicketStats({ stats }: { stats: Stats }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        title="Open Tickets"
        value={stats.open}
        icon={<IconInbox size={18} />}
        description="Waiting for a reply"
      />
      <StatCard
        title="In Progress"
        value={stats.inProgress}
        icon={<IconProgress size={18} />}
        description="Being worked on"
      />
      <StatCard
        title="Total Tickets"
        value={stats.total}
        icon={<IconTicket size={18} />}
        description="All time"
      />
      <StatCard
        title="Avg Response Time"
        value={formatResponseTime(stats.avgResponseMs)}
        icon={<IconClock size={18} />}
        description={
          stats.avgResponseMs === null
            ? 'No staff replies in the last 30 days'
            : 'First staff reply, last 30 days'
        }
      />
      <StatCard
        title="Avg Rating"
        value={stats.avgRating === null ? '—' : `${stats.avgRating} / 5`}
        icon={<IconStar size={18} />}
        description={
          stats.avgRating === null
            ? 'No ratings yet'
            : `${stats.rated} rated ticket${stats.rated === 1 ? '' : 's'}`
        }
      />
    </SimpleGrid>
  );
}
