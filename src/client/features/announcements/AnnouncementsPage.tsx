import { Alert, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { BotPermissionsAlert, errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { AnnouncementList } from './AnnouncementList';
import { AnnouncementStats } from './AnnouncementStats';
import { CreateAnnouncementDialog } from './CreateAnnouncementDialog';
import { useGuildId } from '../../lib/guild';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';

/** Smart Announcements: write once, translated and posted to every language channel. */
export default function AnnouncementsPage() {
  const guildId = useGuildId();
  const [creating, setCreating] = useState(false);
  // On a plan without announcements: the lock card alone (no request that would only be refused).
  const unlocked = useCapability('announcements');
  const list = trpc.announcements.list.useQuery({ guildId }, { enabled: unlocked === true });
  // The channels an announcement can be posted to, as the server checks: text and announcement.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'text' }, { enabled: unlocked === true });

  useEffect(() => {
    if (channels.error) notifyError('Failed to fetch Discord channels', errorMessage(channels.error));
  }, [channels.error]);

  // Opening the dialog asks again for the channels while none are known (the bot may have synced
  // them since).
  const openCreate = () => {
    setCreating(true);
    if (!channels.data?.length) void channels.refetch();
  };

  const channelNames = useMemo(
    () => new Map((channels.data ?? []).map((c) => [c.id, c.name])),
    [channels.data],
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Smart Announcements"
        description="Write once in any language; it is translated and posted to every language channel"
        action={
          unlocked ? (
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              Create Announcement
            </Button>
          ) : undefined
        }
      />
      {unlocked && (
        <BotPermissionsAlert
          features={['announcements']}
          channelIds={[
            ...new Set((list.data ?? []).flatMap((a) => a.targetChannels.map((t) => t.channelId))),
          ]}
        />
      )}
      {unlocked === false && (
        <LockedFeature
          capability="announcements"
          description="Write an announcement once: it is translated and posted to every language channel."
        />
      )}
      {(unlocked === undefined || list.isLoading) && <StatGridSkeleton cards={4} />}
      {list.error && (
        <Alert color="red" title="Failed to fetch announcements">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <>
          <AnnouncementStats items={list.data} />
          <AnnouncementList items={list.data} channelNames={channelNames} onCreate={openCreate} />
        </>
      )}
      <CreateAnnouncementDialog
        opened={creating}
        onClose={() => setCreating(false)}
        channels={channels.data}
        channelsError={channels.error ? errorMessage(channels.error) : null}
        onRetryChannels={() => void channels.refetch()}
        retryingChannels={channels.isFetching}
      />
    </Stack>
  );
}
