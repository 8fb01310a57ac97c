import { Alert, Anchor, Badge, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
// The pieces by file, not through the components/admin index: the index brings every picker with it
// (ChannelPicker's schemas, zod), about 35 KB gzipped the first screen does not use (issue 25).
import { EmptyState } from '../../components/admin/EmptyState';
import { errorMessage } from '../../components/admin/errorMessage';
import { PageHeader } from '../../components/admin/PageHeader';
import { relativeTime } from '../../components/admin/relativeTime';
import { StatGridSkeleton } from '../../components/admin/StatGridSkeleton';
import { ActivityChart } from './ActivityChart';
import { RecentTranslations } from './RecentTranslations';
import { StatCards } from './StatCards';
import { SAMPLE_ACTIVITY, SAMPLE_STATS } from './sampleData';
import { TopLanguages } from './TopLanguages';
import { PlanUsageCard } from '../billing/PlanUsageCard';
import { SetupChecklist } from '../setup/SetupChecklist';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Dashboard (spec section 2): stat cards, weekly activity, recent translations, top languages. */
export default function DashboardPage() {
  const guildId = useGuildId();
  const stats = trpc.stats.guild.useQuery({ guildId });
  const activity = trpc.stats.activity.useQuery({ guildId });

  if (stats.isError || activity.isError) {
    return (
      <Stack gap="lg">
        <PageHeader title="Dashboard" />
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the dashboard"
          description={errorMessage(stats.error ?? activity.error)}
        />
      </Stack>
    );
  }
  if (stats.isPending || activity.isPending) {
    return (
      <Stack gap="lg">
        <PageHeader title="Dashboard" description="Your server's translation activity at a glance." />
        <StatGridSkeleton cards={4} />
      </Stack>
    );
  }

  const sample = !stats.data.hasData;
  const shownStats = sample ? SAMPLE_STATS : stats.data;
  const now = Date.now();
  const recent = sample
    ? SAMPLE_ACTIVITY.recent.map((r) => ({ ...r, when: relativeTime(now - r.minutesAgo * 60_000) }))
    : activity.data.recent.map((r) => ({ ...r, when: relativeTime(r.createdAt) }));
  const weekly = sample ? SAMPLE_ACTIVITY.weekly : activity.data.weekly;
  const topLanguages = sample ? SAMPLE_ACTIVITY.topLanguages : activity.data.topLanguages;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description="Your server's translation activity at a glance."
        action={
          sample ? (
            <Badge size="lg" variant="light" color="yellow" data-testid="sample-badge">
              Sample data
            </Badge>
          ) : null
        }
      />
      <SetupChecklist />
      {sample ? (
        <Alert
          color="yellow"
          variant="outline"
          icon={<IconInfoCircle size={18} />}
          title="These are sample figures"
        >
          Your server has no translations yet, so the dashboard shows example numbers. Link language channels
          on the{' '}
          <Anchor component={Link} to="/admin/channels" search={true} inherit fw={600} underline="always">
            Channels
          </Anchor>{' '}
          page or have members use Apps → Translate Message in Discord, and your own figures replace these.
        </Alert>
      ) : null}
      <StatCards stats={shownStats} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ActivityChart weekly={weekly} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TopLanguages languages={topLanguages} />
        </Grid.Col>
      </Grid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentTranslations items={recent} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PlanUsageCard compact />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
