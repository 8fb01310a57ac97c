import { Avatar, Badge, Box, Group, Paper, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Fragment } from 'react';

/** The template as members will see it: {user} becomes a mention of the new member. */
export function WelcomePreview({
  template,
  memberName = 'NewMember',
}: {
  template: string;
  memberName?: string;
}) {
  const parts = template.split('{user}');
  return (
    <Paper withBorder radius="md" p="md" data-testid="welcome-preview" aria-label="Preview">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Avatar color="blurple" radius="xl" aria-hidden>
          <IconRobot size={20} />
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              Polyglot
            </Text>
            <Badge size="xs" radius="sm" variant="filled">
              BOT
            </Badge>
            <Text size="xs" c="dimmed">
              Today
            </Text>
          </Group>
          {template.trim() === '' ? (
            <Text size="sm" c="dimmed" fs="italic" mt={4}>
              Write a message to see the preview.
            </Text>
          ) : (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {parts.map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one string
                <Fragment key={i}>
                  {i > 0 ? (
                    <Text
                      component="span"
                      data-testid="mention"
                      fw={500}
                      px={3}
                      style={{
                        borderRadius: 4,
                        color: 'light-dark(#3a43d1, #dee0fc)',
                        background: 'rgba(88, 101, 242, 0.24)',
                      }}
                    >
                      @{memberName}
                    </Text>
                  ) : null}
                  {part}
                </Fragment>
              ))}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}
