import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconExternalLink, IconHash } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName } from '../../../common/languages';
import {
  BotPermissionsAlert,
  EmptyState,
  errorMessage,
  fieldErrors,
  MemberName,
  relativeTime,
  savedOptionLabel,
} from '../../components/admin';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import type { RouterOutputs } from '../../lib/router-types';
import { keyboardPick } from '../../components/admin/keyboard-pick';

type ExchangeState = RouterOutputs['exchange']['state'];
type Pair = ExchangeState['pairs'][number];

const languages = (native: string, learning: string) => `${languageName(native)} → ${languageName(learning)}`;

/** How a member heard of their pair, for the pair's row. */
const TOLD: Record<string, string> = {
  dm: 'told by DM',
  reply: 'told in their command reply',
  thread: 'DMs closed: told in the thread',
  failed: 'not told (DMs closed, no thread)',
};

const TOLD_BADGE = {
  delivered: { label: 'Both told', color: 'green', tip: 'Discord accepted the news for both members.' },
  queued: {
    label: 'Queued',
    color: 'blue',
    tip: 'The bot tells both members (and opens the thread) as soon as it connects.',
  },
  failed: {
    label: 'Not all told',
    color: 'red',
    tip: 'Discord refused a message or the thread (see below).',
  },
} as const;

/** Whether both members have heard of their pair: only what Discord accepted counts. */
function ToldBadge({ state }: { state: Pair['delivery'] }) {
  const b = TOLD_BADGE[state];
  return (
    <Tooltip label={b.tip} multiline w={240} openDelay={300}>
      <Badge color={b.color} variant="light" size="sm" data-testid="exchange-told" data-state={state}>
        {b.label}
      </Badge>
    </Tooltip>
  );
}

/**
 * Language exchange (the Pro plan) on the Language Learning screen: the channel pairs get their
 * private thread in, who waits for a partner, and the active pairs.
 */
export function ExchangePanel({ guildId }: { guildId: string | undefined }) {
  const unlocked = useCapability('exchange');
  const state = trpc.exchange.state.useQuery({ guildId }, { enabled: unlocked === true });
  if (unlocked === false)
    return (
      <section aria-label="Language exchange">
        <LockedFeature
          capability="exchange"
          description="Members who speak each other's language are paired for practice, with a private thread and a starter prompt in both languages."
        />
      </section>
    );
  if (state.error)
    return (
      <Card withBorder radius="md" padding="lg" aria-label="Language exchange">
        <Text c="red">Could not load the language exchange: {errorMessage(state.error)}</Text>
      </Card>
    );
  if (!state.data) return null;
  const { waiting, pairs } = state.data;
  return (
    <Stack gap="lg" aria-label="Language exchange">
      {/* Pairs get a private thread in the exchange channel: what the bot lacks there, or on its role. */}
      <BotPermissionsAlert
        features={['tickets']}
        channelIds={state.data.channelId ? [state.data.channelId] : []}
      />
      <ExchangeSettings key={state.data.channelId} guildId={guildId} channelId={state.data.channelId} />
      {waiting.length === 0 && pairs.length === 0 ? (
        <EmptyState
          icon={<IconArrowsExchange size={28} />}
          title="Nobody in the language exchange yet"
          description="Members join with /exchange join native:<language> learning:<language>. Two members are paired when each speaks what the other learns; waiting members and pairs appear here."
        />
      ) : (
        <>
          <WaitingList waiting={waiting} />
          <PairList pairs={pairs} />
        </>
      )}
    </Stack>
  );
}

function ExchangeSettings({ guildId, channelId }: { guildId: string | undefined; channelId: string }) {
  const [value, setValue] = useState(channelId);
  const [error, setError] = useState<string | undefined>();
  // Private threads need a text channel (not an announcement channel), as the server checks.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'privateThreads' }, { staleTime: 60_000 });
  const utils = trpc.useUtils();
  const save = trpc.exchange.updateSettings.useMutation({
    onSuccess: (s) => {
      setError(undefined);
      notifySuccess(
        'Exchange channel saved',
        s.channelName ? `New pairs get a private thread in #${s.channelName}.` : 'Pairs are told by DM only.',
      );
    },
    onError: (err) => {
      setError(fieldErrors(err).channelId);
      notifyError('Could not save the exchange channel', errorMessage(err));
    },
    onSettled: () => utils.exchange.state.invalidate(),
  });
  const text = channels.data ?? [];
  const data = text.map((c) => ({ value: c.id, label: `#${c.name}` }));
  // A saved channel that is no longer one of them stays shown, to be replaced or cleared.
  if (value && !text.some((c) => c.id === value))
    data.unshift({ value, label: savedOptionLabel(value, channels, 'channel') });
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Exchange settings">
      <Group gap="xs" mb={4}>
        <IconArrowsExchange size={20} aria-hidden />
        <Title order={2} size="h4">
          Language exchange
        </Title>
        <Badge variant="light" size="sm">
          Pro
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Members who speak what the other learns are paired (longest wait first, then the most active) and told
        privately in their own language.
      </Text>
      <Stack gap="sm">
        {text.length === 0 && !channels.isPending ? (
          <Text size="sm" c="dimmed">
            No text channel synced yet: the bot lists this server’s channels once it is in it. Until then
            pairs are told by DM only.
          </Text>
        ) : (
          <Select
            {...keyboardPick(value)}
            label="Exchange channel"
            description="Each new pair gets a private thread here with a starter prompt in both languages. Empty: DMs only."
            placeholder="No thread (DMs only)"
            searchable
            clearable
            nothingFoundMessage="No text channel of that name"
            leftSection={<IconHash size={14} aria-hidden />}
            data={data}
            error={error}
            value={value || null}
            onChange={(v) => setValue(v ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            disabled={value === channelId}
            onClick={() => save.mutate({ guildId, channelId: value })}
          >
            Save exchange channel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function WaitingList({ waiting }: { waiting: ExchangeState['waiting'] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Waiting members">
      <Title order={3} size="h4">
        Waiting for a partner
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Longest wait first
      </Text>
      {waiting.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is waiting: every member in the exchange has a partner.
        </Text>
      ) : (
        <Stack gap="xs">
          {waiting.map((m) => (
            <Card key={m.userId} withBorder radius="sm" padding="sm" data-testid="exchange-waiting">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm" span>
                    <MemberName id={m.userId} name={m.username || null} size="sm" />
                  </Text>
                  <Badge variant="light" size="sm" style={{ textTransform: 'none' }}>
                    {languages(m.native, m.learning)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" title={new Date(m.waitingSince).toLocaleString()}>
                  waiting {relativeTime(m.waitingSince).replace(/ ago$/, '')}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function PairList({ pairs }: { pairs: Pair[] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Active pairs">
      <Title order={3} size="h4">
        Active pairs
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Oldest first
      </Text>
      {pairs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pairs yet: a pair forms as soon as two waiting members speak what the other learns.
        </Text>
      ) : (
        <Stack gap="xs">
          {pairs.map((p) => (
            <Card key={p.id} withBorder radius="sm" padding="sm" data-testid="exchange-pair">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Group gap={6} wrap="wrap" fw={600}>
                    <MemberName id={p.a.userId} name={p.a.username || null} size="sm" />
                    <Text span size="sm">
                      ↔
                    </Text>
                    <MemberName id={p.b.userId} name={p.b.username || null} size="sm" />
                  </Group>
                  <ToldBadge state={p.delivery} />
                </Group>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light" size="sm" style={{ textTransform: 'none' }}>
                    {languageName(p.a.native)} ⇄ {languageName(p.b.native)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    paired {relativeTime(p.since)}
                  </Text>
                  {p.threadUrl ? (
                    <Anchor href={p.threadUrl} target="_blank" rel="noreferrer" size="xs">
                      <Group gap={4} wrap="nowrap">
                        Open thread <IconExternalLink size={12} aria-hidden />
                      </Group>
                    </Anchor>
                  ) : (
                    <Text size="xs" c="dimmed">
                      no thread
                    </Text>
                  )}
                </Group>
                {[p.a, p.b].some((m) => m.told && m.told !== 'dm' && m.told !== 'reply') ||
                p.deliveryError ? (
                  <Text size="xs" c={p.delivery === 'failed' ? 'red' : 'dimmed'}>
                    {[p.a, p.b]
                      .filter((m) => m.told && m.told !== 'dm' && m.told !== 'reply')
                      .map((m) => `${m.username || 'Unknown member'}: ${TOLD[m.told ?? ''] ?? m.told}`)
                      .join(' · ')}
                    {p.delivery === 'failed' && p.deliveryError ? ` ${p.deliveryError}` : ''}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
