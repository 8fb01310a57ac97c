import { Alert, Stack, Title } from '@mantine/core';

/** Placeholder frame until the screen is built (issue 4). */
export default function LanguageLearningPage() {
  return (
    <Stack>
      <Title order={2}>Language Learning</Title>
      <Alert title="In progress">This screen is being built.</Alert>
    </Stack>
  );
}
