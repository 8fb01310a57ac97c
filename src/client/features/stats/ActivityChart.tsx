import { Box, Card, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ChartTable, chartSummary } from '../../components/admin/ChartTable';

// The chart library loads after the rest of the dashboard (its first screen stays small); the
// placeholder keeps the chart's height, so nothing moves when it arrives.
const ActivityLineChart = lazy(() => import('./ActivityLineChart'));

/** Translation Activity: translations per weekday, Mon to Sun. */
export function ActivityChart({ weekly }: { weekly: { day: string; translations: number }[] }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={2} size="h4">
        Translation Activity
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Translations per day over the last week
      </Text>
      <Suspense fallback={<Box h={280} />}>
        <ActivityLineChart weekly={weekly} />
      </Suspense>
      <ChartTable
        caption="Translations per day over the last week"
        summary={chartSummary(
          weekly.map((d) => ({ label: d.day, value: d.translations })),
          'translations',
        )}
        columns={['Day', 'Translations']}
        rows={weekly.map((d) => [d.day, d.translations])}
      />
    </Card>
  );
}
