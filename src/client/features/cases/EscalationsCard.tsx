import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import {
  describeEscalation,
  ESCALATION_THRESHOLD,
  ESCALATION_WINDOW_DAYS,
  ESCALATIONS_MAX,
  type EscalationAction,
  type EscalationCount,
  escalationInput,
} from '../../../common/cases/escalations';
import { formatDuration, parseDuration } from '../../../common/cases/schemas';
import { errorMessage } from '../../components/admin/errorMessage';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { keyboardPick } from '../../components/admin/keyboard-pick';

/**
 * Escalation rules (Plus, with cases): "3 warns in 7 days → a 1h timeout". When a moderator's case
 * brings a member to a rule's count, the bot takes the action itself, as a case of its own.
 */
export function EscalationsCard({ guildId }: { guildId: string | undefined }) {
  const unlocked = useCapability('cases');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="escalations-card">
      <Title order={2} size="h4">
        Escalation rules
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        When a member reaches a number of warns or timeouts within some days, the bot times them out, kicks or
        bans them itself. That action is a case of its own, citing the rule. Revoked cases do not count.
      </Text>
      {unlocked === false ? (
        <LockedFeature capability="cases" description="Automatic steps after repeated cases." />
      ) : (
        <Escalations guildId={guildId} />
      )}
    </Card>
  );
}

function Escalations({ guildId }: { guildId: string | undefined }) {
  const utils = trpc.useUtils();
  const rules = trpc.cases.escalations.useQuery({ guildId });
  const [counts, setCounts] = useState<EscalationCount>('warn');
  const [threshold, setThreshold] = useState<number | string>(3);
  const [windowDays, setWindowDays] = useState<number | string>(7);
  const [action, setAction] = useState<EscalationAction>('timeout');
  const [duration, setDuration] = useState('1h');
  const [error, setError] = useState<string | null>(null);
  const done = () => utils.cases.escalations.invalidate();
  const add = trpc.cases.addEscalation.useMutation({
    onSuccess: () => notifySuccess('Escalation rule added'),
    onError: (err) => notifyError('Could not add the rule', errorMessage(err)),
    onSettled: done,
  });
  const remove = trpc.cases.removeEscalation.useMutation({
    onSuccess: () => notifySuccess('Escalation rule removed'),
    onError: (err) => notifyError('Could not remove the rule', errorMessage(err)),
    onSettled: done,
  });
  const submit = () => {
    const seconds = action === 'timeout' ? parseDuration(duration) : null;
    if (action === 'timeout' && seconds === null) {
      setError(`Duration: "${duration}" is not a duration; write it like 10m, 2h, 3d or 1w.`);
      return;
    }
    const parsed = escalationInput.safeParse({
      counts,
      threshold: Number(threshold),
      windowDays: Number(windowDays),
      action,
      durationSeconds: seconds,
    });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => i.message).join('; '));
      return;
    }
    setError(null);
    add.mutate({ guildId, ...parsed.data });
  };
  const full = (rules.data?.length ?? 0) >= ESCALATIONS_MAX;
  return (
    <Stack gap="md">
      {rules.isError ? (
        <Text c="red" size="sm">
          {errorMessage(rules.error)}
        </Text>
      ) : rules.data?.length === 0 ? (
        <Group gap="xs" data-testid="escalations-empty">
          <IconStairsUp size={20} style={{ opacity: 0.6 }} aria-hidden />
          <Text size="sm" c="dimmed">
            No rules: cases never lead to an automatic action.
          </Text>
        </Group>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rules.data?.map((r) => (
            <Group key={r.id} component="li" justify="space-between" gap="xs" data-testid="escalation-row">
              <Text size="sm">
                <Text span fw={700}>
                  #{r.id}
                </Text>{' '}
                {describeEscalation(r, formatDuration)}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={remove.isPending && remove.variables?.id === r.id}
                onClick={() => remove.mutate({ guildId, id: r.id })}
                aria-label={`Remove rule #${r.id}`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="After"
          clampBehavior="none"
          allowDecimal={false}
          min={ESCALATION_THRESHOLD.min}
          max={ESCALATION_THRESHOLD.max}
          value={threshold}
          onChange={setThreshold}
          w={130}
        />
        <Select
          {...keyboardPick(counts)}
          label="Of"
          data={[
            { value: 'warn', label: 'warns' },
            { value: 'timeout', label: 'timeouts' },
          ]}
          value={counts}
          onChange={(v) => v && setCounts(v as EscalationCount)}
          allowDeselect={false}
          w={120}
        />
        <NumberInput
          label="Within days"
          clampBehavior="none"
          allowDecimal={false}
          min={ESCALATION_WINDOW_DAYS.min}
          max={ESCALATION_WINDOW_DAYS.max}
          value={windowDays}
          onChange={setWindowDays}
          w={110}
        />
        <Select
          {...keyboardPick(action)}
          label="Then"
          data={[
            { value: 'timeout', label: 'time out' },
            { value: 'kick', label: 'kick' },
            { value: 'ban', label: 'ban' },
          ]}
          value={action}
          onChange={(v) => v && setAction(v as EscalationAction)}
          allowDeselect={false}
          w={120}
        />
        {action === 'timeout' ? (
          <TextInput
            label="For"
            description="10m, 2h, 3d, 1w"
            value={duration}
            onChange={(e) => setDuration(e.currentTarget.value)}
            maxLength={12}
            w={110}
          />
        ) : null}
        <Button onClick={submit} loading={add.isPending} disabled={full}>
          Add rule
        </Button>
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          A server keeps at most {ESCALATIONS_MAX} rules: remove one to add another.
        </Text>
      ) : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
