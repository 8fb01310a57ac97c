import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { languageName } from '../../../common/languages';
import { shortId } from '../../components/admin/names';

/** The server names a member it knows no name of by their id: that is not a name to show. */
const isBareId = (user: string) => /^\d{15,32}$/.test(user);

export interface RecentItem {
  id: number;
  from: string;
  to: string;
  user: string;
  /** A relative time already formatted ("5 minutes ago"). */
  when: string;
}

/** Recent Translations: from → to language, who, when. */
export function RecentTranslations({ items }: { items: RecentItem[] }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={2} size="h4">
        Recent Translations
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The latest messages the bot translated
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No translations yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <Group key={item.id} wrap="nowrap" gap="sm" data-testid="recent-translation">
              <Avatar
                radius="xl"
                size="md"
                color="initials"
                name={item.user && !isBareId(item.user) ? item.user : '?'}
                aria-hidden
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {languageName(item.from)}
                  </Text>
                  <IconArrowRight size={14} aria-label="to" style={{ flexShrink: 0 }} />
                  <Text size="sm" fw={500}>
                    {languageName(item.to)}
                  </Text>
                </Group>
                {item.user && !isBareId(item.user) ? (
                  <Text size="xs" c="dimmed" truncate="end">
                    {item.user}
                  </Text>
                ) : (
                  <Text
                    size="xs"
                    c="dimmed"
                    fs="italic"
                    title={item.user ? `Discord id ${shortId(item.user)}` : undefined}
                  >
                    Unknown member
                  </Text>
                )}
              </div>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {item.when}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
