import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { languageName } from '../../../common/languages';

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
      <Title order={4}>Recent Translations</Title>
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
              <Avatar radius="xl" size="md" color="initials" name={item.user || '?'} aria-hidden />
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
                <Text size="xs" c="dimmed" truncate="end">
                  {item.user || 'Unknown user'}
                </Text>
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
