import { Alert, Stack } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { EmptyState, errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { ExchangePanel } from '../exchange/ExchangePanel';
import { CommandGuide } from './CommandGuide';
import { JourneyCard, StartLearningCard } from './JourneyCard';
import { LearnerList } from './LearnerList';
import { LearningCharts } from './LearningCharts';
import { LearningStats } from './LearningStats';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Language Learning: a member's journey, the community's figures, the learners and the language exchange. */
export default function LanguageLearningPage() {
  const guildId = useGuildId();
  const unlocked = useCapability('learning');
  const learners = trpc.learning.learners.useQuery({ guildId }, { enabled: unlocked === true });
  // Your Learning Journey is the logged-in member's own (Login with Discord); the operator, who
  // logs in with the admin token, is no member: Start Learning.
  const me = trpc.auth.me.useQuery();
  const userId = me.data?.user?.id;
  const progress = trpc.learning.progress.useQuery(
    { guildId, userId: userId ?? '' },
    { enabled: Boolean(userId) && unlocked === true },
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Language Learning"
        description="Track your progress and help others learn languages"
      />
      {unlocked === false && (
        <LockedFeature
          capability="learning"
          description="Members practise the server's languages with /learn, /practice and /quiz, and track their progress."
        />
      )}
      {(unlocked === undefined || learners.isLoading) && <StatGridSkeleton cards={4} />}
      {learners.error && (
        <Alert color="red" title="Failed to fetch learners">
          {errorMessage(learners.error)}
        </Alert>
      )}
      {learners.data && (
        <>
          {progress.data ? (
            <JourneyCard progress={progress.data} />
          ) : !userId || !progress.isLoading ? (
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
      {unlocked !== false && <ExchangePanel guildId={guildId} />}
    </Stack>
  );
}
