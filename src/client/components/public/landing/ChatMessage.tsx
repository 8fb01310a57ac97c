import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';

interface Props {
  author: string;
  text: string;
  color: string;
  bot?: boolean;
  note?: string;
}

/** One message of the illustrative chat mock-ups on the landing page. */
export function ChatMessage({ author, text, color, bot, note }: Props) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Avatar color={color} radius="xl" size={36} aria-hidden>
        {author.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {author}
          </Text>
          {bot && (
            <Badge size="xs" radius="sm" variant="filled">
              App
            </Badge>
          )}
        </Group>
        <Text size="sm">{text}</Text>
        {note && (
          <Text size="xs" c="dimmed" fs="italic">
            {note}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
