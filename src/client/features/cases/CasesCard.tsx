import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconGavel, IconSearch } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import {
  CASE_ACTIONS,
  CASE_REASON_MAX,
  type CaseAction,
  type CaseView,
  formatDuration,
} from '../../../common/cases/schemas';
import { errorMessage } from '../../components/admin/errorMessage';
import { MemberName } from '../../components/admin/names';
import { relativeTime } from '../../components/admin/relativeTime';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { keyboardPick } from '../../components/admin/keyboard-pick';

const ACTION_COLOR: Record<CaseAction, string> = {
  warn: 'yellow',
  timeout: 'orange',
  kick: 'pink',
  ban: 'red',
  unban: 'teal',
};

/**
 * Moderation cases (Plus): every /warn, /timeout, /kick, /ban and /unban, numbered per server,
 * filtered by action and searched by member; a reason can be rewritten and a case revoked.
 */
export function CasesCard({ guildId }: { guildId: string | undefined }) {
  const unlocked = useCapability('cases');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="cases-card">
      <Title order={2} size="h4">
        Cases
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Every /warn, /timeout, /kick, /ban and /unban of your staff, numbered. Members are told in their own
        language.
      </Text>
      {unlocked === false ? (
        <LockedFeature capability="cases" description="Numbered cases and each member's history." />
      ) : (
        <CasesList guildId={guildId} />
      )}
    </Card>
  );
}

function CasesList({ guildId }: { guildId: string | undefined }) {
  const [action, setAction] = useState<CaseAction | null>(null);
  const [member, setMember] = useState('');
  const list = trpc.cases.list.useQuery({
    guildId,
    ...(action ? { action } : {}),
    ...(member.trim() ? { member: member.trim() } : {}),
  });
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <Select
          {...keyboardPick(action)}
          label="Action"
          placeholder="All actions"
          clearable
          data={CASE_ACTIONS.map((a) => ({ value: a, label: a[0]?.toUpperCase() + a.slice(1) }))}
          value={action}
          onChange={(v) => setAction((v as CaseAction | null) ?? null)}
          maw={220}
        />
        <TextInput
          label="Member"
          placeholder="Name or Discord id"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={member}
          onChange={(e) => setMember(e.currentTarget.value)}
          maxLength={100}
        />
      </Group>
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Text c="red" size="sm">
          {errorMessage(list.error)}
        </Text>
      ) : list.data.length === 0 ? (
        <Stack align="center" gap={6} py="xl" data-testid="cases-empty">
          <IconGavel size={36} style={{ opacity: 0.5 }} aria-hidden />
          <Text fw={600}>{action || member.trim() ? 'No case matches' : 'No cases yet'}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            {action || member.trim()
              ? 'Try another action or member.'
              : 'When a moderator uses /warn, /timeout, /kick, /ban or /unban, the case shows up here.'}
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {list.data.map((c, i) => (
            <Fragment key={c.number}>
              {i > 0 ? <Divider /> : null}
              <CaseRow guildId={guildId} c={c} />
            </Fragment>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CaseRow({ guildId, c }: { guildId: string | undefined; c: CaseView }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => utils.cases.list.invalidate();
  const update = trpc.cases.updateReason.useMutation({
    onSuccess: () => {
      notifySuccess(`Case #${c.number} updated`);
      setEditing(null);
    },
    onError: (err) => notifyError('Could not save the reason', errorMessage(err)),
    onSettled: done,
  });
  const revoke = trpc.cases.revoke.useMutation({
    onSuccess: () => notifySuccess(`Case #${c.number} revoked`),
    onError: (err) => notifyError('Could not revoke the case', errorMessage(err)),
    onSettled: done,
  });
  const revoked = c.revokedAt !== null;
  return (
    <div data-testid="case-row" style={revoked ? { opacity: 0.65 } : undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="wrap">
          <Text fw={700} size="sm">
            #{c.number}
          </Text>
          <Badge color={ACTION_COLOR[c.action]} variant="light" tt="capitalize">
            {c.action}
            {c.durationSeconds ? ` ${formatDuration(c.durationSeconds)}` : ''}
          </Badge>
          <Text span size="sm" fw={600} td={revoked ? 'line-through' : undefined}>
            <MemberName id={c.targetId} name={c.targetName || null} size="sm" />
          </Text>
          {revoked ? (
            <Badge color="gray" variant="outline">
              Revoked
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" title={new Date(c.createdAt).toLocaleString()}>
          {relativeTime(c.createdAt)} ·{' '}
          {c.moderatorId ? (
            <>
              by <MemberName id={c.moderatorId} name={c.moderatorName || null} />
            </>
          ) : (
            'automatic'
          )}
        </Text>
      </Group>
      {editing === null ? (
        <Group justify="space-between" gap="xs" mt={4} wrap="wrap">
          <Text size="sm" c={c.reason ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {c.reason || 'No reason given'}
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(c.reason)}>
              Edit reason
            </Button>
            {revoked ? null : (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={revoke.isPending}
                onClick={() => revoke.mutate({ guildId, number: c.number })}
              >
                Revoke
              </Button>
            )}
          </Group>
        </Group>
      ) : (
        <Group gap="xs" mt={6} align="flex-start" wrap="wrap">
          <TextInput
            aria-label={`Reason of case #${c.number}`}
            value={editing}
            onChange={(e) => setEditing(e.currentTarget.value)}
            maxLength={CASE_REASON_MAX}
            style={{ flex: 1, minWidth: 200 }}
            autoFocus
          />
          <Button
            size="sm"
            loading={update.isPending}
            onClick={() => update.mutate({ guildId, number: c.number, reason: editing })}
          >
            Save
          </Button>
          <Button size="sm" variant="default" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </Group>
      )}
    </div>
  );
}
