import { Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const COMMANDS = [
  { command: '/learn [language]', text: 'Start learning a language, or switch to another one.' },
  { command: '/practice', text: 'Review flashcards at your level; every card counts toward your streak.' },
  { command: '/quiz [difficulty]', text: 'Test yourself with a quiz: beginner, intermediate or advanced.' },
  { command: '/progress', text: 'See your words learned, streak and accuracy.' },
];

/** 'How to Use Language Learning': the four member commands. */
export function CommandGuide() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        How to Use Language Learning
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {COMMANDS.map((c) => (
          <Stack key={c.command} gap={4}>
            <Code fz="sm" w="fit-content">
              {c.command}
            </Code>
            <Text size="sm" c="dimmed">
              {c.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
