import { Alert, Stack } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { EmptyState, errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { CommandGuide } from '../../features/learning/CommandGuide';
import { JourneyCard, StartLearningCard } from '../../features/learning/JourneyCard';
import { LearnerList } from '../../features/learning/LearnerList';
import { LearningCharts } from '../../features/learning/LearningCharts';
import { LearningStats } from '../../features/learning/LearningStats';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Language Learning: a member's journey, the community's figures and the learners. */
export default function LanguageLearningPage() {
  // The learning procedures take the guild in the path; 'default' names the server's default guild.
  const serverId = useGuildId() ?? 'default';
  const learners = trpc.learning.learners.useQuery({ guildOrUserId: serverId });
  // The dashboard has no member identity yet (admins log in with a token), so the journey card
  // shows the guild's first learner (the one with most words); without learners, Start Learning.
  const first = learners.data?.[0];
  const progress = trpc.learning.progress.useQuery(
    { serverId, userId: first?.userId ?? '' },
    { enabled: Boolean(first) },
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Language Learning"
        description="Track your progress and help others learn languages"
      />
      {learners.isLoading && <StatGridSkeleton cards={4} />}
      {learners.error && (
        <Alert color="red" title="Failed to fetch learners">
          {errorMessage(learners.error)}
        </Alert>
      )}
      {learners.data && (
        <>
          {progress.data ? (
            <JourneyCard
              progress={progress.data}
              who={`Showing ${progress.data.username || progress.data.userId}, the server's top learner`}
            />
          ) : !progress.isLoading || !first ? (
            <StartLearningCard />
          ) : null}
          <LearningStats learners={learners.data} />
          {learners.data.length > 0 ? (
            <>
              <LearningCharts learners={learners.data} />
              <LearnerList learners={learners.data} />
              <CommandGuide />
            </>
          ) : (
            <EmptyState
              icon={<IconSchool size={28} />}
              title="No learners yet"
              description="When members start with /learn, the languages they learn, their levels and the leaderboard appear here."
            />
          )}
        </>
      )}
    </Stack>
  );
}
