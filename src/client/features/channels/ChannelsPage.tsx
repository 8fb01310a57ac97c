import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BotPermissionsAlert,
  CardListSkeleton,
  EmptyState,
  errorMessage,
  PageHeader,
} from '../../components/admin';
import { CreateLinkDialog } from './CreateLinkDialog';
import { LinkCard } from './LinkCard';
import { RoomsSection } from '../single-channel/RoomsSection';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Channel Management (spec section 2): mirror link cards, Create Link dialog, Delete, empty state;
 * beside them the single-channel translation rooms (features/single-channel).
 */
export default function ChannelsPage() {
  const guildId = useGuildId();
  const [creating, setCreating] = useState(false);
  const links = trpc.channels.list.useQuery({ guildId });
  // Rooms are links of mode single: their own section below lists them.
  const mirrors = links.data?.filter((l) => l.mode !== 'single');
  const utils = trpc.useUtils();
  const remove = trpc.channels.delete.useMutation({
    onSuccess: () => notifySuccess('Channel link deleted'),
    onError: (err) => notifyError('Could not delete the link', errorMessage(err)),
    onSettled: () => utils.channels.list.invalidate(),
  });

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create Link
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Channel Management"
        description="Mirror conversations between language channels, or turn one channel into a translation room."
      />
      <BotPermissionsAlert
        features={['translation']}
        channelIds={links.data?.flatMap((l) => l.channels.map((c) => c.channelId)) ?? []}
      />
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} size="h3">
            Mirror links
          </Title>
          <Text c="dimmed" size="sm">
            Link channels of different languages: every message is translated and mirrored between them.
          </Text>
        </Stack>
        {createButton}
      </Group>
      {links.isPending ? (
        <CardListSkeleton count={4} height={160} columns={2} />
      ) : links.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the channel links"
          description={errorMessage(links.error)}
        />
      ) : !mirrors || mirrors.length === 0 ? (
        <EmptyState
          icon={<IconLink size={28} />}
          title="No channel links yet"
          description="Create a link to mirror conversations between language channels, such as #general-en and #general-es."
          action={createButton}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {mirrors.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              deleting={remove.isPending && remove.variables?.id === link.id}
              onDelete={() => remove.mutate({ guildId, id: link.id })}
            />
          ))}
        </SimpleGrid>
      )}
      <RoomsSection links={links.data} />
      <CreateLinkDialog opened={creating} onClose={() => setCreating(false)} guildId={guildId} />
    </Stack>
  );
}
