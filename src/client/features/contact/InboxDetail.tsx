import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconMail, IconRefresh } from '@tabler/icons-react';
import { format } from 'date-fns';
import { errorMessage } from '../../components/admin';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { type ContactMessage, forwardState, replyMailto, TYPE_COLORS, TYPE_LABELS } from './display';
import { AccountManagerForm } from './AccountManagerForm';
import { InboxServer } from './InboxServer';

/** One contact message: who, what, the email forward's state, Reply by email, archive, mark unread. */
export function InboxDetail({
  message: m,
  forwarding,
  onDone,
}: {
  message: ContactMessage;
  forwarding: boolean;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const refresh = () => void utils.contact.list.invalidate();
  const archive = trpc.contact.archive.useMutation({
    onSuccess: (row) => {
      notifySuccess(row.archivedAt ? 'Message archived' : 'Message moved back to the inbox');
      refresh();
      onDone();
    },
    onError: (err) => notifyError('Failed to archive', errorMessage(err)),
  });
  const unread = trpc.contact.setRead.useMutation({
    onSuccess: () => {
      refresh();
      onDone();
    },
    onError: (err) => notifyError('Failed to mark unread', errorMessage(err)),
  });
  const retry = trpc.contact.retryForward.useMutation({
    onSuccess: (row) => {
      if (row.forwardedAt) notifySuccess('Forwarded by email');
      else notifyError('Email still failing', row.forwardError ?? 'the SMTP server refused it');
      refresh();
    },
    onError: (err) => notifyError('Failed to forward', errorMessage(err)),
  });
  const state = forwardState(m, forwarding);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="inbox-detail">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {m.subject}
          </Title>
          <Badge variant="light" color={TYPE_COLORS[m.type] ?? 'gray'}>
            {TYPE_LABELS[m.type] ?? m.type}
          </Badge>
        </Group>
        <Text size="sm">
          From <b>{m.name}</b> &lt;
          <Anchor href={`mailto:${m.email}`} size="sm">
            {m.email}
          </Anchor>
          &gt; · {format(m.createdAt, 'MMM d, yyyy h:mm a')}
        </Text>
        <InboxServer message={m} now={new Date()} full />
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="inbox-message"
        >
          {m.message}
        </Text>
        {state && (
          <Alert color={state.color} variant="light" p="xs" data-testid="forward-state">
            <Group justify="space-between" gap="xs">
              <Text size="xs">{state.label}</Text>
              {!m.forwardedAt && forwarding && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconRefresh size={12} />}
                  loading={retry.isPending}
                  onClick={() => retry.mutate({ id: m.id })}
                >
                  Retry now
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <AccountManagerForm key={`${m.id}-${m.accountManager?.email ?? ''}`} message={m} />
        <Group gap="sm" wrap="wrap">
          <Button component="a" href={replyMailto(m)} leftSection={<IconMail size={14} />}>
            Reply by email
          </Button>
          <Button
            variant="default"
            leftSection={m.archivedAt ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
            loading={archive.isPending}
            onClick={() => archive.mutate({ id: m.id, archived: !m.archivedAt })}
          >
            {m.archivedAt ? 'Unarchive' : 'Archive'}
          </Button>
          <Button
            variant="subtle"
            loading={unread.isPending}
            onClick={() => unread.mutate({ id: m.id, read: false })}
          >
            Mark unread
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
