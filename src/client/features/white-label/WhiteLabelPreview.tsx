import { Avatar, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { WhiteLabelView } from '../../../common/white-label/schemas';

/** Discord's own blurple: the colour of the bot's posts when no brand colour is set. */
const DEFAULT_COLOR = '#5865F2';

type Values = Omit<WhiteLabelView, 'state' | 'applyError'>;

/** How members will see the bot: its profile card and a post with the brand colour and footer. */
export function WhiteLabelPreview({ values }: { values: Values }) {
  const name = values.nickname ?? 'Your bot';
  const color = values.brandColor ?? DEFAULT_COLOR;
  return (
    <Stack gap="sm" style={{ flex: '1 1 280px', maxWidth: 420 }} data-testid="white-label-preview">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        Preview
      </Text>
      <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Box
          h={72}
          style={{
            background: values.banner ? `center / cover no-repeat url("${values.banner}")` : color,
          }}
        />
        <Stack gap={4} p="sm" pt={0}>
          <Avatar
            src={values.avatar}
            size={56}
            radius="xl"
            mt={-28}
            style={{ border: '4px solid var(--mantine-color-body)' }}
            alt=""
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text fw={700}>{name}</Text>
          {values.bio && (
            <Text size="sm" c="dimmed">
              {values.bio}
            </Text>
          )}
        </Stack>
      </Card>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={values.avatar} size={36} radius="xl" alt="">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={700}>
            {name}
          </Text>
          <Box
            p="xs"
            style={{
              borderLeft: `4px solid ${color}`,
              borderRadius: 4,
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <Text size="sm">📣 Game night on Friday at 20:00 UTC: everyone is welcome!</Text>
            {values.footer && (
              <Text size="xs" c="dimmed" mt={4}>
                {values.footer}
              </Text>
            )}
          </Box>
        </Stack>
      </Group>
    </Stack>
  );
}
