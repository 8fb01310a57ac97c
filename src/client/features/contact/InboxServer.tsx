import { Badge, Group, Text } from '@mantine/core';
import { planOf, type PlanKey, SUPPORT_TARGETS } from '../../../common/plans';
import { type ContactMessage, dueLabel, PLAN_COLORS } from './display';

type Props = {
  message: Pick<
    ContactMessage,
    'serverId' | 'serverPlan' | 'serverVerified' | 'replyDueAt' | 'accountManager'
  >;
  now: Date;
  /** The detail names the server id and the target; the list row only the badges. */
  full?: boolean;
};

/**
 * The server a message names: the plan badge and the reply countdown when the sender was verified
 * as one of its admins; "not verified" (no priority) when the id was only typed.
 */
export function InboxServer({ message: m, now, full = false }: Props) {
  if (!m.serverId) return null;
  const due = dueLabel(m.replyDueAt, now);
  const plan = m.serverPlan as PlanKey | null;
  return (
    <Group gap={6} wrap="wrap" data-testid="inbox-server">
      {m.serverVerified && plan ? (
        <Badge size="xs" variant="light" color={PLAN_COLORS[plan] ?? 'gray'} data-testid="plan-badge">
          {planOf(plan).name}
        </Badge>
      ) : null}
      <Badge
        size="xs"
        variant="outline"
        color={m.serverVerified ? 'teal' : 'gray'}
        title={
          m.serverVerified
            ? 'The sender was signed in as an admin of this server'
            : 'Typed by the sender, not checked: no priority'
        }
      >
        {m.serverVerified ? 'Verified' : 'Not verified'}
      </Badge>
      {m.accountManager && (
        <Badge size="xs" variant="light" color="grape" data-testid="account-manager-badge">
          For {m.accountManager.name}
        </Badge>
      )}
      {due && (
        <Text size="xs" fw={600} c={due.overdue ? 'red' : 'orange'} data-testid="reply-due">
          {due.label}
        </Text>
      )}
      {full && (
        <Text size="xs" c="dimmed">
          Server {m.serverId}
          {m.serverVerified && plan ? ` · reply target: ${SUPPORT_TARGETS[plan].label}` : ''}
        </Text>
      )}
    </Group>
  );
}
