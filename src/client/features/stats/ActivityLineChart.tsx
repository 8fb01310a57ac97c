import { LineChart } from '@mantine/charts';

/** The line of ActivityChart: recharts (about 100 KB gzipped), loaded after the dashboard's first screen. */
export default function ActivityLineChart({ weekly }: { weekly: { day: string; translations: number }[] }) {
  return (
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
      role="img"
      aria-label="Translation activity chart, Monday to Sunday"
    />
  );
}
