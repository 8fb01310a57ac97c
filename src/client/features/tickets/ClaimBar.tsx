import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, MemberName, useMemberNames } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { MemberPicker, type PickedMember } from './MemberPicker';
import type { TicketWithMessages } from './types';

/**
 * Who handles the ticket: the staff badge with Release, or Claim. A member signed in with Discord
 * claims for themselves; the operator (no Discord account) picks the staff member by name among
 * the server's members (searched through Discord).
 */
export function ClaimBar({ ticket: t }: { ticket: TicketWithMessages }) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const [staff, setStaff] = useState<PickedMember | null>(null);
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
      {asOperator && <MemberPicker label="Staff member" value={staff} onChange={setStaff} w={220} />}
      <Button
        size="xs"
        loading={claim.isPending}
        disabled={closed || (asOperator && !staff)}
        onClick={() =>
          claim.mutate({
            guildId,
            id: t.id,
            claim: true,
            ...(asOperator && staff ? { staffId: staff.id } : {}),
          })
        }
      >
        Claim
      </Button>
    </Group>
  );
}
