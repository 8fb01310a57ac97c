import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/**
 * Plan & Usage on Ultimate: the server's account manager as the operator assigned them (name and
 * email), or, while none is, the truth: not assigned yet, and the plan's support reply time.
 * Nothing on other plans (the account manager comes with Ultimate).
 */
export function AccountManagerLine() {
  const guildId = useGuildId();
  const q = trpc.contact.accountManager.useQuery({ guildId });
  if (q.data?.plan !== 'ultimate') return null;
  const { manager, replyTarget } = q.data;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="account-manager">
      <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
        <IconUserStar size={14} />
      </ThemeIcon>
      {manager ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Your account manager: <b>{manager.name}</b> ·{' '}
          <Anchor href={`mailto:${manager.email}`} size="sm">
            {manager.email}
          </Anchor>
        </Text>
      ) : (
        <Text size="sm">
          No account manager is assigned to this server yet. Until one is, support answers within{' '}
          {replyTarget} through the{' '}
          <Anchor component={Link} to="/contact" size="sm">
            contact page
          </Anchor>
          .
        </Text>
      )}
    </Group>
  );
}
