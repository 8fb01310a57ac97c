import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconCircleCheck, IconLanguage } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import { qualityView } from './quality';
import type { Analytics } from './types';

/** Total translations, success rate, average response time and error rate. */
export function QualityMetrics({ metrics }: { metrics: Analytics['qualityMetrics'] }) {
  const q = qualityView(metrics);
  return (
    <div>
      {q.sample && (
        <Group gap="xs" mb="xs">
          <Badge color="yellow" variant="light">
            Sample data
          </Badge>
          <Text size="xs" c="dimmed">
            No translations yet: the rates below are sample figures until your server translates.
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard
          title="Total Translations"
          value={q.totalTranslations.toLocaleString()}
          icon={<IconLanguage size={18} />}
          description="Successful, all time"
        />
        <StatCard
          title="Success Rate"
          value={`${q.successRate}%`}
          icon={<IconCircleCheck size={18} />}
          description="Of attempts"
        />
        <StatCard
          title="Avg Response Time"
          value={q.avgResponseTime > 0 ? `${q.avgResponseTime.toLocaleString()} ms` : '–'}
          icon={<IconBolt size={18} />}
          description="Provider round trip"
        />
        <StatCard
          title="Error Rate"
          value={`${q.errorRate}%`}
          icon={<IconAlertTriangle size={18} />}
          description="Failed attempts"
        />
      </SimpleGrid>
    </div>
  );
}
