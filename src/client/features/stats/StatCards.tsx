import { SimpleGrid } from '@mantine/core';
import { IconBolt, IconLanguage, IconLink, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../components/admin/StatCard';

export interface GuildStats {
  totalTranslations: number;
  translationsTrend: number | null;
  linkedChannels: number;
  activeUsers: number;
  activeUsersTrend: number | null;
  avgSpeedMs: number;
}

/** 850 ms → "0.85s"; 0 or less → "–". */
export function formatSpeed(ms: number): string {
  if (!ms || ms <= 0) return '–';
  if (ms < 1000) return `${(ms / 1000).toFixed(2).replace(/0$/, '')}s`;
  return `${(ms / 1000).toFixed(1)}s`;
}

const trend = (value: number | null) =>
  value == null ? undefined : { value: Math.round(value), label: 'from last week' };

/** The dashboard's four stat cards. */
export function StatCards({ stats }: { stats: GuildStats }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md">
      <StatCard
        title="Total Translations"
        value={stats.totalTranslations.toLocaleString()}
        icon={<IconLanguage size={18} />}
        trend={trend(stats.translationsTrend)}
        description={stats.translationsTrend == null ? 'All time' : undefined}
      />
      <StatCard
        title="Linked Channels"
        value={stats.linkedChannels.toLocaleString()}
        icon={<IconLink size={18} />}
        description="Channels in translation links"
      />
      <StatCard
        title="Active Users"
        value={stats.activeUsers.toLocaleString()}
        icon={<IconUsers size={18} />}
        trend={trend(stats.activeUsersTrend)}
        description={stats.activeUsersTrend == null ? 'Last 7 days' : undefined}
      />
      <StatCard
        title="Avg. Speed"
        value={formatSpeed(stats.avgSpeedMs)}
        icon={<IconBolt size={18} />}
        description="Per translation"
      />
    </SimpleGrid>
  );
}
