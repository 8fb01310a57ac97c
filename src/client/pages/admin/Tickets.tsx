import { Alert, Stack, Title } from '@mantine/core';

/** Placeholder frame until the screen is built (issue 4). */
export default function TicketsPage() {
  return (
    <Stack>
      <Title order={2}>Support Tickets</Title>
      <Alert title="In progress">This screen is being built.</Alert>
    </Stack>
  );
}
