import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDelete, errorMessage, relativeTime } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';

/** API keys (Ultimate): create (the key is shown once), list (prefix, created, last used), revoke. */
export function ApiKeysCard() {
  const guildId = useGuildId();
  const unlocked = useCapability('apiAccess');
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery({ guildId });
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: (k) => {
      setMade(k.key);
      setName('');
      notifySuccess('API key created', 'Copy it now: it is shown only once.');
    },
    onError: (err) => notifyError('Could not create the key', errorMessage(err)),
    onSettled: () => utils.apiKeys.list.invalidate(),
  });
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: () => notifySuccess('API key revoked'),
    onError: (err) => notifyError('Could not revoke the key', errorMessage(err)),
    onSettled: () => utils.apiKeys.list.invalidate(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ guildId, name });
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="api-keys">
      <Stack gap="sm">
        <Group gap="xs">
          <IconKey size={18} aria-hidden />
          <Title order={2} size="h4">
            API keys
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          A key reads and changes this server only, as <Code>Authorization: Bearer</Code> on the /api paths
          (documented at /api/openapi.json).
        </Text>
        {unlocked === false && (keys.data?.length ?? 0) === 0 ? (
          <LockedFeature capability="apiAccess" />
        ) : (
          <>
            {made && (
              <Alert
                color="green"
                title="Your new key (shown only once)"
                withCloseButton
                onClose={() => setMade(null)}
              >
                <Group gap="xs" wrap="nowrap">
                  <Code style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
                    {made}
                  </Code>
                  <CopyButton value={made}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Alert>
            )}
            {unlocked && (
              <form onSubmit={submit}>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="New key name"
                    placeholder="What uses it, e.g. Stream overlay"
                    value={name}
                    maxLength={60}
                    onChange={(e) => setName(e.currentTarget.value)}
                    style={{ flex: '1 1 14rem' }}
                  />
                  <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                    Create key
                  </Button>
                </Group>
              </form>
            )}
            {keys.data && keys.data.length > 0 ? (
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Key</Table.Th>
                      <Table.Th>Created</Table.Th>
                      <Table.Th>Last used</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {keys.data.map((k) => (
                      <Table.Tr key={k.id}>
                        <Table.Td>{k.name}</Table.Td>
                        <Table.Td>
                          <Code>{k.prefix}…</Code>
                        </Table.Td>
                        <Table.Td>{relativeTime(k.createdAt)}</Table.Td>
                        <Table.Td>{k.lastUsedAt ? relativeTime(k.lastUsedAt) : 'never'}</Table.Td>
                        <Table.Td>
                          <ConfirmDelete
                            label={`Revoke ${k.name}`}
                            question="Revoke this key? Anything using it stops working at once."
                            loading={revoke.isPending && revoke.variables?.id === k.id}
                            onConfirm={() => revoke.mutate({ guildId, id: k.id })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              keys.isSuccess && (
                <Text size="sm" c="dimmed">
                  No keys yet.
                </Text>
              )
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
