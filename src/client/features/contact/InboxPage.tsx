import { Alert, Badge, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CONTACT_TYPES, type ContactType } from '../../../common/contact/schemas';
import { CardListSkeleton, EmptyState, errorMessage, PageHeader } from '../../components/admin';
import { TYPE_LABELS } from './display';
import { InboxDetail } from './InboxDetail';
import { InboxList } from './InboxList';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

const TYPES = [
  { value: 'all', label: 'All types' },
  ...CONTACT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t]! })),
];

/** The operator's inbox: messages from the public contact form. */
export default function InboxPage() {
  const access = trpc.contact.access.useQuery();
  const [type, setType] = useState<ContactType | 'all'>('all');
  const [box, setBox] = useState<'inbox' | 'archived'>('inbox');
  const [openId, setOpenId] = useState<number | null>(null);
  const operator = access.data?.operator === true;
  const list = trpc.contact.list.useQuery(
    { ...(type === 'all' ? {} : { type }), archived: box === 'archived' },
    { enabled: operator, refetchInterval: 30_000, placeholderData: (previous) => previous },
  );
  const utils = trpc.useUtils();
  const open = trpc.contact.get.useMutation({
    onSuccess: () => void utils.contact.list.invalidate(),
    onError: (err) => notifyError('Failed to open message', errorMessage(err)),
  });
  useEffect(() => {
    if (list.error) notifyError('Failed to fetch messages', errorMessage(list.error));
  }, [list.error]);

  const header = (
    <PageHeader
      title="Inbox"
      description="Messages from the contact form, for the operator of this installation"
      action={
        list.data && box === 'inbox' ? (
          <Badge size="lg" variant="light" data-testid="unread-count">
            {list.data.unread} unread
          </Badge>
        ) : undefined
      }
    />
  );
  if (access.data && !operator) {
    return (
      <Stack gap="lg">
        {header}
        <Alert color="gray" title="Operator only">
          The inbox belongs to the operator of this installation (who logs in with the admin token).
        </Alert>
      </Stack>
    );
  }
  const selected = list.data?.messages.find((m) => m.id === openId) ?? null;

  return (
    <Stack gap="lg">
      {header}
      {list.data && !list.data.forwarding && (
        <Text size="xs" c="dimmed">
          Email forwarding is off: set SMTP_URL and CONTACT_TO to receive each message by email too.
        </Text>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          {...keyboardPick(type)}
          label="Filter by type"
          data={TYPES}
          value={type}
          onChange={(v) => setType((v ?? 'all') as ContactType | 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          value={box}
          onChange={(v) => {
            setBox(v as 'inbox' | 'archived');
            setOpenId(null);
          }}
          data={[
            { value: 'inbox', label: 'Inbox' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </Group>
      {(access.isLoading || list.isLoading) && <CardListSkeleton count={3} height={64} />}
      {list.data && list.data.messages.length === 0 && (
        <EmptyState
          icon={<IconInbox size={28} />}
          title={box === 'archived' ? 'No archived messages' : 'No messages'}
          description="Messages sent from the contact page appear here."
        />
      )}
      {list.data && list.data.messages.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <InboxList
            messages={list.data.messages}
            selectedId={openId}
            onOpen={(id) => {
              setOpenId(id);
              open.mutate({ id });
            }}
          />
          {selected ? (
            <InboxDetail
              message={selected}
              forwarding={list.data.forwarding}
              onDone={() => setOpenId(null)}
            />
          ) : (
            <Text size="sm" c="dimmed" visibleFrom="md">
              Select a message to read it.
            </Text>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
