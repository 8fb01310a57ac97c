import { Alert, Stack } from '@mantine/core';
import { errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { AnalyticsCharts } from './AnalyticsCharts';
import { AnalyticsTables } from './AnalyticsTables';
import { QualityMetrics } from './QualityMetrics';
import { UntranslatedCard } from './UntranslatedCard';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Advanced Analytics: trends, languages, activity, translators, pairs and quality. */
export default function AnalyticsPage() {
  const guildId = useGuildId();
  const analytics = trpc.analytics.get.useQuery({ guildId });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Advanced Analytics"
        description="How your server translates: volume, languages, people and quality"
      />
      {analytics.isLoading && <StatGridSkeleton cards={4} />}
      {analytics.error && (
        <Alert color="red" title="Failed to fetch analytics">
          {errorMessage(analytics.error)}
        </Alert>
      )}
      {analytics.data && (
        <>
          <QualityMetrics metrics={analytics.data.qualityMetrics} />
          <AnalyticsCharts data={analytics.data} />
          <AnalyticsTables data={analytics.data} />
          <UntranslatedCard rows={analytics.data.untranslated} />
        </>
      )}
    </Stack>
  );
}
