import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconHash } from '@tabler/icons-react';
import { languageName } from '../../../common/languages';
import { useChannelName } from '../../components/admin/ChannelPicker';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete';
import { BotsAndWebhooks } from '../../components/admin/BotsAndWebhooks';

export interface ChannelLinkView {
  id: number;
  name: string;
  active: boolean;
  mode: string;
  channels: { channelId: string; language: string }[];
}

/** One channel link: name, Active/Inactive, its channels each with a language, its bots and webhooks, Delete. */
export function LinkCard({
  link,
  onDelete,
  deleting,
}: {
  link: ChannelLinkView;
  onDelete: () => void;
  deleting: boolean;
}) {
  const channelName = useChannelName();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="channel-link"
      aria-label={`Channel link ${link.name}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" truncate="end">
            {link.name}
          </Text>
          <Group gap={6}>
            <Badge color={link.active ? 'teal' : 'gray'} variant="light">
              {link.active ? 'Active' : 'Inactive'}
            </Badge>
            <Badge variant="outline" color="gray" leftSection={<IconArrowsExchange size={12} aria-hidden />}>
              {link.mode === 'single' ? 'Single channel' : 'Mirror'}
            </Badge>
          </Group>
        </Stack>
        <ConfirmDelete
          label={`Delete link ${link.name}`}
          question="Delete this link? Its channels stop mirroring."
          onConfirm={onDelete}
          loading={deleting}
        />
      </Group>
      <Stack gap={6} mt="md">
        {link.channels.map((c) => (
          <Group key={c.channelId} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconHash size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
              <Text
                size="sm"
                truncate="end"
                fs={channelName(c.channelId).startsWith('#') ? undefined : 'italic'}
              >
                {channelName(c.channelId).replace(/^#/, '')}
              </Text>
            </Group>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {languageName(c.language)}
            </Badge>
          </Group>
        ))}
      </Stack>
      <BotsAndWebhooks linkId={link.id} />
    </Card>
  );
}
