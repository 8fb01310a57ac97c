import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Card, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { ChartTable, chartSummary } from '../../components/admin/ChartTable';
import { chartSlices } from '../../lib/chart-slices';
import type { Analytics } from './types';

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

function NoData({ h }: { h: number }) {
  return (
    <Center h={h}>
      <Text size="sm" c="dimmed">
        No translations yet
      </Text>
    </Center>
  );
}

/** Translations per day over the last 30 days. */
export function TrendChart({ trend }: { trend: Analytics['translationTrend'] }) {
  const data = trend.map((d) => ({ date: format(parseISO(d.date), 'MMM d'), Translations: d.count }));
  return (
    <ChartCard title="Translation Trend" description="Translations per day, last 30 days">
      <AreaChart
        h={260}
        data={data}
        dataKey="date"
        series={[{ name: 'Translations', color: 'blue.6' }]}
        curveType="monotone"
        withDots={false}
        yAxisProps={{ allowDecimals: false }}
        tickLine="y"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      />
      <ChartTable
        caption="Translations per day, last 30 days"
        summary={chartSummary(
          data.map((d) => ({ label: d.date, value: d.Translations })),
          'translations',
        )}
        columns={['Day', 'Translations']}
        rows={data.map((d) => [d.date, d.Translations])}
      />
    </ChartCard>
  );
}

/** Share of translations per target language. */
export function LanguageDistributionChart({ languages }: { languages: Analytics['languageDistribution'] }) {
  // The server sends the languages most used first.
  const data = chartSlices(languages.map((l) => ({ name: l.name, value: l.value })));
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <ChartCard title="Language Distribution" description="Translations by target language">
      {data.length === 0 ? (
        <NoData h={220} />
      ) : (
        <Stack align="center" gap="md">
          <DonutChart data={data} size={180} thickness={26} withTooltip chartLabel={total.toLocaleString()} />
          <Group gap="md" justify="center">
            {data.map((d) => (
              <Group key={d.name} gap={6} wrap="nowrap">
                <span
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                  }}
                />
                <Text size="xs">
                  {d.name} ({Math.round((d.value / total) * 100)}%)
                </Text>
              </Group>
            ))}
          </Group>
        </Stack>
      )}
      {data.length > 0 && (
        <ChartTable
          caption="Translations by target language"
          summary={`${total.toLocaleString()} translations into ${data.length} languages; ${data[0].name} the most.`}
          columns={['Language', 'Translations', 'Share']}
          rows={data.map((d) => [d.name, d.value, `${Math.round((d.value / total) * 100)}%`])}
        />
      )}
    </ChartCard>
  );
}

/** Translations per hour of the day (UTC). */
export function HourlyActivityChart({ activity }: { activity: Analytics['userActivity'] }) {
  const data = activity.map((a) => ({ hour: `${String(a.hour).padStart(2, '0')}:00`, Messages: a.messages }));
  return (
    <ChartCard title="Hourly Activity" description="Translations per hour of the day (UTC)">
      <BarChart
        h={220}
        data={data}
        dataKey="hour"
        series={[{ name: 'Messages', color: 'teal.6' }]}
        yAxisProps={{ allowDecimals: false }}
        tickLine="y"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      />
      <ChartTable
        caption="Translations per hour of the day (UTC)"
        summary={chartSummary(
          data.map((d) => ({ label: d.hour, value: d.Messages })),
          'translations',
          'at',
        )}
        columns={['Hour (UTC)', 'Translations']}
        rows={data.map((d) => [d.hour, d.Messages])}
      />
    </ChartCard>
  );
}

/** The three charts in a responsive layout. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  return (
    <Stack gap="md">
      <TrendChart trend={data.translationTrend} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LanguageDistributionChart languages={data.languageDistribution} />
        <HourlyActivityChart activity={data.userActivity} />
      </SimpleGrid>
    </Stack>
  );
}
