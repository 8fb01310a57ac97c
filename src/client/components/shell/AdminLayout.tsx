import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { LoginScreen } from '../auth/LoginScreen';
import { AdminShell } from './AdminShell';

/** /admin/*: the shell for a logged-in admin, the login screen for everyone else. */
export default function AdminLayout() {
  const me = trpc.auth.me.useQuery();
  if (me.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  if (me.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm">
          <Text fw={600}>Could not reach the server</Text>
          <Text c="dimmed" size="sm">
            {me.error.message}
          </Text>
          <Button variant="light" onClick={() => me.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!me.data.authenticated) return <LoginScreen />;
  return <AdminShell />;
}
