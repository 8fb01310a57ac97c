import { Button, Stack } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { AnnouncementCard } from './AnnouncementCard';
import { TranslationsDialog } from './TranslationsDialog';
import type { Announcement } from './types';

const STATUS_TEXT: Record<string, string> = {
  draft: 'Queued: the bot is delivering it to every channel.',
  posted: 'Delivered to every target channel.',
  failed: 'Some channels could not be reached; see the card for reasons.',
  scheduled: 'Scheduled for delivery.',
};

/** The list of announcements with Post Now, View translations and Delete. */
export function AnnouncementList({
  items,
  channelNames,
  onCreate,
}: {
  items: Announcement[];
  channelNames: Map<string, string>;
  onCreate: () => void;
}) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const [viewing, setViewing] = useState<Announcement | null>(null);
  const refetch = () => utils.announcements.list.invalidate();

  const post = trpc.announcements.post.useMutation({
    onSuccess: (a) => {
      notifySuccess('Announcement posted!', `Status: ${a.status}. ${STATUS_TEXT[a.status] ?? ''}`.trim());
      void refetch();
    },
    onError: (err) => notifyError('Failed to post announcement', errorMessage(err)),
  });
  const remove = trpc.announcements.delete.useMutation({
    onSuccess: () => {
      notifySuccess('Announcement deleted!');
      void refetch();
    },
    onError: (err) => notifyError('Failed to delete announcement', errorMessage(err)),
  });

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconSpeakerphone size={28} />}
        title="No announcements yet"
        description="Write it once in any language: it is translated and posted to every language channel."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create Announcement
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="md">
      {items.map((a) => (
        <AnnouncementCard
          key={a.id}
          announcement={a}
          channelNames={channelNames}
          posting={post.isPending && post.variables?.id === a.id}
          deleting={remove.isPending && remove.variables?.id === a.id}
          onPost={() => post.mutate({ guildId, id: a.id })}
          onView={() => setViewing(a)}
          onDelete={() => remove.mutate({ guildId, id: a.id })}
        />
      ))}
      <TranslationsDialog announcement={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
