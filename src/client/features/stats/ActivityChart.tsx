import { LineChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';

/** Translation Activity: translations per weekday, Mon to Sun. */
export function ActivityChart({ weekly }: { weekly: { day: string; translations: number }[] }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={4}>Translation Activity</Title>
      <Text size="sm" c="dimmed" mb="md">
        Translations per day over the last week
      </Text>
      <LineChart
        h={280}
        data={weekly}
        dataKey="day"
        series={[{ name: 'translations', label: 'Translations', color: 'blurple.5' }]}
        curveType="monotone"
        strokeWidth={2.5}
        gridAxis="y"
        tickLine="none"
        valueFormatter={(v) => v.toLocaleString()}
        aria-label="Translation activity chart, Monday to Sunday"
      />
    </Card>
  );
}
