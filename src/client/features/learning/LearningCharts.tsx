import { BarChart, PieChart } from '@mantine/charts';
import { Card, Center, SimpleGrid, Text, Title } from '@mantine/core';
import { difficultyDistribution, languageDistribution } from './stats';
import type { Learner } from './types';

/** Pie chart of the languages learned and bar chart of difficulty levels. */
export function LearningCharts({ learners }: { learners: Learner[] }) {
  const languages = languageDistribution(learners);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md" padding="lg">
        <Title order={4}>Language Distribution</Title>
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
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={4}>Difficulty Levels</Title>
        <Text size="sm" c="dimmed" mb="md">
          Learners per level
        </Text>
        <BarChart
          h={240}
          data={difficultyDistribution(learners)}
          dataKey="level"
          series={[{ name: 'learners', label: 'Learners', color: 'teal.6' }]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      </Card>
    </SimpleGrid>
  );
}
