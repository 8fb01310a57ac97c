import { BarChart, PieChart } from '@mantine/charts';
import { Card, Center, SimpleGrid, Text, Title } from '@mantine/core';
import { ChartTable, chartSummary } from '../../components/admin/ChartTable';
import { difficultyDistribution, languageDistribution } from './stats';
import type { Learner } from './types';

/** Pie chart of the languages learned and bar chart of difficulty levels. */
export function LearningCharts({ learners }: { learners: Learner[] }) {
  const languages = languageDistribution(learners);
  const levels = difficultyDistribution(learners);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Language Distribution
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Languages your members are learning
        </Text>
        <Center>
          <PieChart data={languages} withTooltip withLabelsLine withLabels labelsType="value" size={200} />
        </Center>
        <SimpleGrid cols={2} spacing={4} mt="md">
          {languages.map((l) => (
            <Text key={l.name} size="xs">
              <span
                style={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  marginRight: 6,
                  background: `var(--mantine-color-${l.color.replace('.', '-')})`,
                }}
              />
              {l.name}: {l.value}
            </Text>
          ))}
        </SimpleGrid>
        <ChartTable
          caption="Languages your members are learning"
          summary={chartSummary(
            languages.map((l) => ({ label: l.name, value: l.value })),
            'learners',
            'for',
          )}
          columns={['Language', 'Learners']}
          rows={languages.map((l) => [l.name, l.value])}
        />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Difficulty Levels
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Learners per level
        </Text>
        <BarChart
          h={240}
          data={levels}
          dataKey="level"
          series={[{ name: 'learners', label: 'Learners', color: 'teal.6' }]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
        <ChartTable
          caption="Learners per level"
          summary={chartSummary(
            levels.map((l) => ({ label: String(l.level), value: l.learners })),
            'learners',
            'at',
          )}
          columns={['Level', 'Learners']}
          rows={levels.map((l) => [String(l.level), l.learners])}
        />
      </Card>
    </SimpleGrid>
  );
}
