import { Alert, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEye, IconSend, IconTrash } from '@tabler/icons-react';
import { format } from 'date-fns';
import { languageName } from '../../../common/languages';
import { AnnouncementStatusBadge } from './StatusBadge';
import type { Announcement } from './types';

interface Props {
  announcement: Announcement;
  channelNames: Map<string, string>;
  onPost: () => void;
  onView: () => void;
  onDelete: () => void;
  posting: boolean;
  deleting: boolean;
}

/** One announcement: status, text, where it goes, per-channel failures and its actions. */
export function AnnouncementCard({
  announcement: a,
  channelNames,
  onPost,
  onView,
  onDelete,
  posting,
  deleting,
}: Props) {
  const failures = (a.postResults ?? []).filter((r) => !r.ok);
  const canPost = a.status === 'draft' || a.status === 'failed';
  const channelLabel = (id: string) => (channelNames.has(id) ? `#${channelNames.get(id)}` : id);
  return (
    <Card withBorder padding="lg" radius="md" data-testid="announcement-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <AnnouncementStatusBadge status={a.status} />
            {a.status !== 'posted' && a.postRequestedAt && (
              <Badge color="blue" variant="dot" tt="none">
                Post requested {format(a.postRequestedAt, 'h:mm a')}
              </Badge>
            )}
            <Badge variant="outline" color="gray">
              {languageName(a.originalLanguage)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {format(a.postedAt ?? a.createdAt, 'MMM d, h:mm a')}
          </Text>
        </Group>
        <Text lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {a.originalText}
        </Text>
        <Group gap={6}>
          {a.targetChannels.map((t) => (
            <Badge key={`${t.language}-${t.channelId}`} variant="light" tt="none">
              {languageName(t.language)} · {channelLabel(t.channelId)}
            </Badge>
          ))}
        </Group>
        {failures.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Some channels failed"
          >
            <List size="sm" spacing={2}>
              {failures.map((f) => (
                <List.Item key={`${f.language}-${f.channelId}`}>
                  {languageName(f.language)} ({channelLabel(f.channelId)}): {f.error ?? 'unknown error'}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
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
