import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../components/admin';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { ContactMessage } from './display';

/**
 * The operator assigns the account manager of a message's server (Ultimate), or removes them: the
 * server's Plan & Usage card then names them, and the inbox tags its messages with them.
 */
export function AccountManagerForm({ message: m }: { message: ContactMessage }) {
  const current = m.accountManager;
  const [name, setName] = useState(current?.name ?? '');
  const [email, setEmail] = useState(current?.email ?? '');
  const utils = trpc.useUtils();
  const done = (title: string) => {
    notifySuccess(title);
    void utils.contact.list.invalidate();
  };
  const assign = trpc.contact.assignAccountManager.useMutation({
    onSuccess: (row) => done(`${row.name} is this server's account manager`),
    onError: (err) => notifyError('Could not assign the account manager', errorMessage(err)),
  });
  const remove = trpc.contact.removeAccountManager.useMutation({
    onSuccess: () => {
      setName('');
      setEmail('');
      done('Account manager removed');
    },
    onError: (err) => notifyError('Could not remove the account manager', errorMessage(err)),
  });
  if (!m.serverId || !m.serverVerified || m.serverPlan !== 'ultimate') return null;
  const serverId = m.serverId;
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="account-manager-form"
      onSubmit={(e) => {
        e.preventDefault();
        assign.mutate({ serverId, name, email });
      }}
    >
      <Text size="sm" fw={600}>
        Account manager of server {serverId}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={100}
          style={{ flex: '1 1 160px' }}
        />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
          maxLength={254}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="submit" loading={assign.isPending}>
          {current ? 'Change' : 'Assign'}
        </Button>
        {current && (
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate({ serverId })}
          >
            Remove
          </Button>
        )}
      </Group>
    </Stack>
  );
}
