import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { languageName } from '../../../common/languages';

/** Top Languages: the languages translated into, how many members read each, share of translations as a bar. */
export function TopLanguages({
  languages,
}: {
  languages: { language: string; users: number; percent: number }[];
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={2} size="h4">
        Top Languages
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Languages your members read, by share of translations
      </Text>
      {languages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No member has set a language yet.
        </Text>
      ) : (
        <Stack gap="md">
          {languages.map((l) => (
            <div key={l.language} data-testid="top-language">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {languageName(l.language)}
                </Text>
                <Text size="sm" c="dimmed">
                  {l.users.toLocaleString()} {l.users === 1 ? 'user' : 'users'} · {Math.round(l.percent)}% of
                  translations
                </Text>
              </Group>
              <Progress.Root radius="xl" size="md">
                <Progress.Section
                  value={l.percent}
                  aria-label={`${languageName(l.language)}: ${Math.round(l.percent)}% of translations`}
                />
              </Progress.Root>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
