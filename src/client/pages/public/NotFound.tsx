import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Spec section 2: unknown paths. */
export default function NotFound() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/" variant="light">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
