import { Button, Stack } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName } from '../../../common/languages';
import { EmptyState, errorMessage } from '../../components/admin';
import { notifyDelivery } from '../../lib/delivery';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { AnnouncementCard } from './AnnouncementCard';
import { TranslationsDialog } from './TranslationsDialog';
import type { Announcement } from './types';

/** "Posted to 3 channels." / "2 of 3 channels failed: see the card." */
function outcomeDetail(results: { ok: boolean }[] | null, untranslated: string[]): string {
  const all = results ?? [];
  const ok = all.filter((r) => r.ok).length;
  const parts: string[] = [];
  if (all.length) {
    parts.push(
      ok === all.length
        ? `Posted to ${ok} channel${ok === 1 ? '' : 's'}.`
        : `${all.length - ok} of ${all.length} channels failed: the card names each reason.`,
    );
  }
  if (untranslated.length)
    parts.push(`Not translated: ${untranslated.map(languageName).join(', ')} (the original is used).`);
  return parts.join(' ');
}

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
      notifyDelivery(
        'Announcement',
        a.delivery,
        'posted',
        outcomeDetail(a.delivery === 'queued' ? null : a.postResults, a.untranslated) || undefined,
      );
      void refetch();
    },
    onError: (err) => notifyError('Failed to post announcement', errorMessage(err)),
  });
  const translate = trpc.announcements.translate.useMutation({
    onSuccess: (a) => {
      if (a.untranslated.length === 0) notifySuccess('Translated', 'Every target language has its text now.');
      else
        notifyError(
          'Not every language was translated',
          `Still missing: ${a.untranslated.map(languageName).join(', ')}. ${a.translationError ?? ''}`.trim(),
        );
      void refetch();
    },
    onError: (err) => notifyError('Could not translate', errorMessage(err)),
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
          translating={translate.isPending && translate.variables?.id === a.id}
          onTranslate={() => translate.mutate({ guildId, id: a.id })}
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
