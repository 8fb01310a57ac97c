import { Badge, Card, Code, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlame, IconLanguage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { languageName } from '../../../common/languages';
import { DIFFICULTY_LABELS } from './stats';
import type { Learner } from './types';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** 'Your Learning Journey': one member's language, level, words, streak, cards and accuracy. */
export function JourneyCard({ progress }: { progress: Learner }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="journey-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title order={2} size="h4">
            Your Learning Journey
          </Title>
          <Text size="sm" c="dimmed">
            Your progress on this server
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="filled">Learning {languageName(progress.learningLanguage)}</Badge>
          <Badge variant="light">
            {DIFFICULTY_LABELS[progress.difficultyLevel] ?? progress.difficultyLevel}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <Figure label="Words learned" value={progress.wordsLearned.toLocaleString()} />
        <Figure
          label="Practice streak"
          value={
            <Group gap={4} component="span">
              {progress.practiceStreak > 0 ? (
                <IconFlame size={18} color="var(--mantine-color-orange-6)" />
              ) : null}
              <span>{`${progress.practiceStreak} ${progress.practiceStreak === 1 ? 'day' : 'days'}`}</span>
            </Group>
          }
        />
        <Figure label="Flashcards reviewed" value={progress.flashcardsReviewed.toLocaleString()} />
        <Figure label="Accuracy" value={`${progress.accuracy}%`} />
      </SimpleGrid>
      <Progress.Root mb="md">
        <Progress.Section value={progress.accuracy} aria-label="Accuracy" />
      </Progress.Root>
      <Text size="sm">
        Keep going: <Code>/practice</Code> for flashcards, <Code>/quiz</Code> to test yourself,{' '}
        <Code>/progress</Code> to see your stats in Discord.
      </Text>
    </Card>
  );
}

/** 'Start Learning': how a member begins with /learn. */
export function StartLearningCard() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="start-learning">
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
          <IconLanguage size={20} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Start Learning
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        Pick a language in Discord with <Code>/learn [language]</Code>, for example{' '}
        <Code>/learn spanish</Code>. The bot builds flashcards and quizzes for your level, tracks your streak
        and your accuracy. 130+ supported languages.
      </Text>
    </Card>
  );
}
