import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROVIDER_KEY_LABELS,
  type ProviderKeyKind,
  type ProviderKeyView,
} from '../../../common/provider-keys/schemas';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';

/** Your own provider key (Plus, issue 28): pick the provider, paste the key once; only its last 4 are shown. */
export function ProviderKeyCard() {
  const unlocked = useCapability('providerKeys');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="provider-key">
      <Stack gap="sm">
        <Group gap="xs">
          <IconKey size={18} aria-hidden />
          <Title order={2} size="h4">
            Your own provider key
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Translate this server's messages with your own Gemini, OpenAI-compatible or DeepL account. Its
          translations do not count toward the plan's monthly allowance. The key is checked with the provider,
          stored encrypted, never shown again, and deleted when you remove it.
        </Text>
        {unlocked === false ? <LockedFeature capability="providerKeys" /> : unlocked ? <KeyForm /> : null}
      </Stack>
    </Card>
  );
}

function KeyForm() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const view = trpc.providerKeys.get.useQuery({ guildId });
  const refresh = () => void utils.providerKeys.get.invalidate({ guildId });
  const save = trpc.providerKeys.save.useMutation({
    onSuccess: () => {
      notifySuccess('Key checked and saved');
      refresh();
    },
    onError: (err) => notifyError('The key was not saved', errorMessage(err)),
  });
  const fallback = trpc.providerKeys.setFallback.useMutation({
    onSuccess: refresh,
    onError: (err) => notifyError('Not saved', errorMessage(err)),
  });
  const remove = trpc.providerKeys.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Key deleted; the bot’s own provider translates again');
      refresh();
    },
    onError: (err) => notifyError('Not removed', errorMessage(err)),
  });
  if (view.error) return <Alert color="red">{errorMessage(view.error)}</Alert>;
  if (!view.data) return null;
  const data: ProviderKeyView = view.data;
  if (!data.available) return <Alert color="yellow">{data.unavailableReason}</Alert>;
  return (
    <Stack gap="sm">
      {data.key ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge color={data.key.readable ? 'teal' : 'red'} variant="light">
              {data.key.readable ? 'In use' : 'Cannot be read: paste it again'}
            </Badge>
            <Text size="sm">
              {PROVIDER_KEY_LABELS[data.key.provider]}
              {data.key.model ? ` · ${data.key.model}` : ''} · key ending in <code>{data.key.last4}</code>
            </Text>
          </Group>
          <Button
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() => remove.mutate({ guildId })}
          >
            Remove key
          </Button>
        </Group>
      ) : null}
      {data.key ? (
        <>
          <Switch
            label="If my provider fails, let the bot's own provider translate (counts toward the allowance)"
            checked={data.key.allowFallback}
            disabled={fallback.isPending}
            onChange={(e) => fallback.mutate({ guildId, allowFallback: e.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed">
            {data.usedThisMonth.toLocaleString()} translations on your key this month.
          </Text>
        </>
      ) : null}
      <NewKey
        replacing={data.key !== null}
        pending={save.isPending}
        onSave={(input) => save.mutate({ guildId, ...input })}
      />
    </Stack>
  );
}

type NewKeyInput =
  | { provider: 'gemini'; key: string; model: string }
  | { provider: 'openai'; key: string; baseUrl: string; model: string }
  | { provider: 'deepl'; key: string };

function NewKey(props: { replacing: boolean; pending: boolean; onSave: (input: NewKeyInput) => void }) {
  const [provider, setProvider] = useState<ProviderKeyKind>('gemini');
  const [key, setKey] = useState('');
  const [model, setModel] = useState('gemini-2.5-flash');
  const [baseUrl, setBaseUrl] = useState('');
  // Three long names do not fit side by side on a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 30em)');
  const input = (): NewKeyInput =>
    provider === 'deepl'
      ? { provider, key }
      : provider === 'openai'
        ? { provider, key, baseUrl, model }
        : { provider, key, model };
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={provider}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth
        onChange={(v) => setProvider(v as ProviderKeyKind)}
        data={(['gemini', 'openai', 'deepl'] as const).map((k) => ({
          value: k,
          label: PROVIDER_KEY_LABELS[k],
        }))}
        aria-label="Provider"
      />
      {provider === 'openai' ? (
        <TextInput
          label="Server address"
          placeholder="https://api.openai.com/v1"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
        />
      ) : null}
      {provider !== 'deepl' ? (
        <TextInput label="Model" value={model} onChange={(e) => setModel(e.currentTarget.value)} />
      ) : null}
      <PasswordInput
        label={props.replacing ? 'New key (replaces the one in use)' : 'Key'}
        autoComplete="off"
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
      />
      <Group>
        <Button loading={props.pending} disabled={!key.trim()} onClick={() => props.onSave(input())}>
          Check and save
        </Button>
      </Group>
    </Stack>
  );
}
