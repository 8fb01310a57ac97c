import { Alert, Stack } from '@mantine/core';
import { errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { AnalyticsCharts } from './AnalyticsCharts';
import { AnalyticsTables } from './AnalyticsTables';
import { ExportCard } from '../exports/ExportCard';
import { ProvidersCard } from './ProvidersCard';
import { QualityMetrics } from './QualityMetrics';
import { UntranslatedCard } from './UntranslatedCard';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Advanced Analytics: trends, languages, activity, translators, pairs and quality. */
export default function AnalyticsPage() {
  const guildId = useGuildId();
  const unlocked = useCapability('analytics');
  const analytics = trpc.analytics.get.useQuery({ guildId }, { enabled: unlocked === true });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Advanced Analytics"
        description="How your server translates: volume, languages, people and quality"
      />
      {unlocked === false && (
        <LockedFeature
          capability="analytics"
          description="Translation volume, languages, active members and quality over time."
        />
      )}
      {(unlocked === undefined || analytics.isLoading) && <StatGridSkeleton cards={4} />}
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
          <ProvidersCard rows={analytics.data.providers} />
          <UntranslatedCard
            rows={analytics.data.untranslated}
            skippedTrivial={analytics.data.skippedTrivial}
          />
          <ExportCard
            datasets={['daily', 'language-pairs', 'top-translators', 'providers', 'translations']}
            title="Export analytics"
          />
        </>
      )}
    </Stack>
  );
}
