import { Alert, Badge, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconClock, IconEye, IconLanguage, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { format } from 'date-fns';
import { languageName } from '../../../common/languages';
import { DeliveryBadge, unknownChannelLabel } from '../../components/admin';
import { QUEUED_MESSAGE } from '../../lib/delivery';
import { announcementDelivery } from './delivery';
import type { Announcement } from './types';

interface Props {
  announcement: Announcement;
  channelNames: Map<string, string>;
  onPost: () => void;
  onTranslate: () => void;
  onView: () => void;
  onDelete: () => void;
  posting: boolean;
  translating: boolean;
  deleting: boolean;
}

/** One announcement: where it stands, text, where it goes, each channel's outcome and its actions. */
export function AnnouncementCard({
  announcement: a,
  channelNames,
  onPost,
  onTranslate,
  onView,
  onDelete,
  posting,
  translating,
  deleting,
}: Props) {
  const state = announcementDelivery(a);
  const results = new Map((a.postResults ?? []).map((r) => [r.channelId, r]));
  const canPost = a.status === 'draft' || a.status === 'failed';
  const channelLabel = (id: string) =>
    channelNames.has(id) ? `#${channelNames.get(id)}` : unknownChannelLabel(id);
  const untranslated = a.untranslated ?? [];
  return (
    <Card withBorder padding="lg" radius="md" data-testid="announcement-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <DeliveryBadge state={state} />
            <Badge variant="outline" color="gray">
              {languageName(a.originalLanguage)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {format(a.postedAt ?? a.createdAt, 'MMM d, h:mm a')}
          </Text>
        </Group>
        <Text
          lineClamp={3}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          lang={a.originalLanguage}
        >
          {a.originalText}
        </Text>
        {state === 'queued' && (
          <Text size="sm" c="blue" data-testid="announcement-queued">
            {QUEUED_MESSAGE}
            {a.postRequestedAt ? ` Requested ${format(a.postRequestedAt, 'h:mm a')}.` : ''}
          </Text>
        )}
        {untranslated.length > 0 && a.status !== 'posted' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconLanguage size={18} />}
            title="Not translated yet"
            data-testid="announcement-untranslated"
          >
            <Text size="sm">
              {untranslated.map(languageName).join(', ')}: translated when it is posted; without a translation
              provider those channels get the original.
            </Text>
            <Button
              mt="xs"
              size="xs"
              variant="light"
              color="yellow"
              leftSection={<IconLanguage size={14} />}
              onClick={onTranslate}
              loading={translating}
            >
              Translate now
            </Button>
          </Alert>
        )}
        <List spacing={4} size="sm" center data-testid="announcement-channels">
          {a.targetChannels.map((t) => {
            const r = results.get(t.channelId);
            const icon = r?.ok ? (
              <ThemeIcon size={18} radius="xl" color="teal" variant="light" role="img" aria-label="Posted">
                <IconCheck size={12} />
              </ThemeIcon>
            ) : r && !a.postRequestedAt ? (
              <ThemeIcon size={18} radius="xl" color="red" variant="light" role="img" aria-label="Failed">
                <IconX size={12} />
              </ThemeIcon>
            ) : (
              <ThemeIcon
                size={18}
                radius="xl"
                color="gray"
                variant="light"
                role="img"
                aria-label="Not posted yet"
              >
                <IconClock size={12} />
              </ThemeIcon>
            );
            const outcome = r?.ok
              ? 'posted'
              : r && !a.postRequestedAt
                ? `failed: ${r.error ?? 'unknown error'}`
                : state === 'queued'
                  ? 'queued'
                  : 'not posted yet';
            return (
              <List.Item key={`${t.language}-${t.channelId}`} icon={icon}>
                <Text size="sm" span>
                  {languageName(t.language)} ({channelLabel(t.channelId)}):{' '}
                </Text>
                <Text size="sm" span c={r && !r.ok && !a.postRequestedAt ? 'red' : 'dimmed'}>
                  {outcome}
                </Text>
              </List.Item>
            );
          })}
        </List>
        <Group gap="xs" justify="flex-end">
          {canPost && (
            <Button size="xs" leftSection={<IconSend size={14} />} onClick={onPost} loading={posting}>
              Post Now
            </Button>
          )}
          <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={onView}>
            View translations
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            loading={deleting}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
