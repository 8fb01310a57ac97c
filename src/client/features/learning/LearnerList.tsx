import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { languageName } from '../../../common/languages';
import { MemberName } from '../../components/admin';
import { DIFFICULTY_LABELS } from './stats';
import type { Learner } from './types';

/** Spec section 9: the list shows the first 10 learners. */
export const LEARNER_LIST_LIMIT = 10;

/** The first 10 learners, then 'And N more learners...'. */
export function LearnerList({ learners }: { learners: Learner[] }) {
  const shown = learners.slice(0, LEARNER_LIST_LIMIT);
  const more = learners.length - shown.length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Learners
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Most words learned first
      </Text>
      <Stack gap="xs">
        {shown.map((l) => (
          <Card key={l.id} withBorder radius="sm" padding="sm" data-testid="learner-row">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm" span>
                    <MemberName id={l.userId} name={l.username || null} size="sm" />
                  </Text>
                  <Badge size="sm" variant="light">
                    {languageName(l.learningLanguage)}
                  </Badge>
                  <Badge size="sm" variant="outline" color="gray">
                    {DIFFICULTY_LABELS[l.difficultyLevel] ?? l.difficultyLevel}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Native: {languageName(l.nativeLanguage)}
                </Text>
              </Stack>
              <Group gap="md" wrap="nowrap">
                <Text size="sm">{l.wordsLearned.toLocaleString()} words</Text>
                <Group gap={2} wrap="nowrap" aria-label={`${l.practiceStreak} day streak`}>
                  {l.practiceStreak > 0 ? (
                    <IconFlame size={16} color="var(--mantine-color-orange-6)" data-testid="streak-flame" />
                  ) : null}
                  <Text size="sm">{l.practiceStreak}d</Text>
                </Group>
                <Text size="sm" fw={600}>
                  {l.accuracy}%
                </Text>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {more > 0 && (
        <Text size="sm" c="dimmed" ta="center" mt="md">
          And {more} more learners...
        </Text>
      )}
    </Card>
  );
}
