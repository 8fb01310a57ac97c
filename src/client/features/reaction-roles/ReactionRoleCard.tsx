import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useChannelName } from '../../components/admin/ChannelPicker';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete';
import { shortId } from '../../components/admin/names';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

export interface ReactionRoleView {
  id: number;
  channelId: string;
  messageId: string;
  active: boolean;
  roles: { emoji: string; label: string; roleId: string }[];
}

/** One reaction-role message: its emoji → role rows, Active/Inactive, Delete. */
export function ReactionRoleCard({
  entry,
  onDelete,
  deleting,
}: {
  entry: ReactionRoleView;
  onDelete: () => void;
  deleting: boolean;
}) {
  const channelName = useChannelName();
  const guildId = useGuildId();
  const roles = trpc.guilds.roles.useQuery({ guildId }, { staleTime: 60_000 });
  const roleName = (id: string) => roles.data?.find((r) => r.id === id)?.name;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="reaction-role"
      aria-label={`Reaction role ${entry.messageId}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Text fw={600} truncate="end">
              Role menu
            </Text>
            {guildId && /^\d+$/.test(guildId) && entry.channelId ? (
              <Anchor
                size="xs"
                href={`https://discord.com/channels/${guildId}/${entry.channelId}/${entry.messageId}`}
                target="_blank"
                rel="noopener noreferrer"
                title={`Discord message ${shortId(entry.messageId)}`}
              >
                Open in Discord
              </Anchor>
            ) : null}
          </Group>
          <Group gap={6}>
            <Badge color={entry.active ? 'teal' : 'gray'} variant="light">
              {entry.active ? 'Active' : 'Inactive'}
            </Badge>
            {entry.channelId ? (
              <Text size="xs" c="dimmed">
                in {channelName(entry.channelId)}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <ConfirmDelete
          label={`Delete reaction role ${entry.messageId}`}
          question="Delete this reaction role?"
          onConfirm={onDelete}
          loading={deleting}
        />
      </Group>
      <Stack gap={6} mt="md">
        {entry.roles.map((r) => (
          <Group key={`${r.emoji}-${r.roleId}`} gap="sm" wrap="nowrap">
            <Text fz={20} lh={1} w={28} ta="center" aria-hidden>
              {r.emoji}
            </Text>
            <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
              {r.label}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              fs={roleName(r.roleId) ? undefined : 'italic'}
              title={roleName(r.roleId) ? undefined : `Discord id ${shortId(r.roleId)}`}
              style={{ flexShrink: 0 }}
            >
              {roleName(r.roleId) ? `@${roleName(r.roleId)}` : roles.isPending ? '…' : 'Unknown role'}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
