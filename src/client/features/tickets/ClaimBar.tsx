import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, MemberName, useMemberNames } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { TicketWithMessages } from './types';

/**
 * Who handles the ticket: the staff badge with Release, or Claim. A member signed in with Discord
 * claims for themselves; the operator (no Discord account) names the staff member's Discord id.
 */
export function ClaimBar({ ticket: t }: { ticket: TicketWithMessages }) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const [staffId, setStaffId] = useState('');
  // The name kept with the claim; an older claim without one is looked up.
  const nameOf = useMemberNames(t.claimedBy && !t.claimedByName ? [t.claimedBy] : []);
  const claim = trpc.tickets.claim.useMutation({
    onSuccess: (updated) => {
      notifySuccess(
        updated.claimedBy ? 'Ticket claimed' : 'Claim released',
        'The member is told in their language.',
      );
      void utils.tickets.get.invalidate();
      void utils.tickets.list.invalidate();
    },
    onError: (err) => notifyError('Failed to change the claim', errorMessage(err)),
  });
  const closed = t.status === 'closed';
  if (t.claimedBy)
    return (
      <Group gap="xs" data-testid="ticket-claim">
        <Badge color="teal" variant="light">
          🛡️ Claimed
        </Badge>
        <Text size="sm">
          <MemberName id={t.claimedBy} name={t.claimedByName ?? nameOf(t.claimedBy)} />
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={claim.isPending}
          disabled={closed}
          onClick={() => claim.mutate({ guildId, id: t.id, claim: false })}
        >
          Release
        </Button>
      </Group>
    );
  const asOperator = !me.data?.user;
  return (
    <Group gap="xs" align="flex-end" data-testid="ticket-claim">
      {asOperator && (
        <TextInput
          size="xs"
          label="Staff member's Discord id"
          value={staffId}
          onChange={(e) => setStaffId(e.currentTarget.value)}
          w={200}
        />
      )}
      <Button
        size="xs"
        loading={claim.isPending}
        disabled={closed || (asOperator && !staffId.trim())}
        onClick={() =>
          claim.mutate({ guildId, id: t.id, claim: true, ...(asOperator ? { staffId: staffId.trim() } : {}) })
        }
      >
        Claim
      </Button>
    </Group>
  );
}
