import { SimpleGrid } from '@mantine/core';
import { IconBook, IconCards, IconTarget, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import { communityStats } from './stats';
import type { Learner } from './types';

/** Active Learners, Words Learned, Practice Sessions and Avg Accuracy of the community. */
export function LearningStats({ learners }: { learners: Learner[] }) {
  const s = communityStats(learners);
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        title="Active Learners"
        value={s.activeLearners}
        icon={<IconUsers size={18} />}
        description="Members using /learn"
      />
      <StatCard
        title="Words Learned"
        value={s.wordsLearned.toLocaleString()}
        icon={<IconBook size={18} />}
        description="Across the community"
      />
      <StatCard
        title="Practice Sessions"
        value={s.practiceSessions.toLocaleString()}
        icon={<IconCards size={18} />}
        description="Flashcards reviewed"
      />
      <StatCard
        title="Avg Accuracy"
        value={`${s.avgAccuracy}%`}
        icon={<IconTarget size={18} />}
        description="Correct answers"
      />
    </SimpleGrid>
  );
}
