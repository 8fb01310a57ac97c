import { Text } from '@mantine/core';
import { trpc } from '../../../trpc';

const SERVER_ID = /^\d{17,20}$/;

/**
 * Under the contact form's server ID: when the sender is signed in to the dashboard and manages that
 * Ultimate server, that the message is marked for its account manager (tagged in the inbox, and
 * copied to them when the email forward is on).
 * Asks nothing until a whole server ID is typed, and asks for the manager only when signed in.
 */
export function ManagerNote({ serverId }: { serverId: string }) {
  const typed = SERVER_ID.test(serverId.trim());
  const me = trpc.auth.me.useQuery(undefined, { enabled: typed });
  const q = trpc.contact.accountManager.useQuery(
    { guildId: serverId.trim() },
    { enabled: typed && me.data?.authenticated === true },
  );
  const manager = typed && q.data?.manager;
  if (!manager) return null;
  return (
    <Text size="sm" c="dimmed" mt={-8} data-testid="manager-note">
      This message is marked for your account manager, {manager.name}.
    </Text>
  );
}
