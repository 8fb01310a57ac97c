import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** A button or menu shown at the right (wraps below the title on narrow screens). */
  action?: ReactNode;
}

/** The title row of every admin screen: the page's one level-one heading (in h2's size, as before). */
export function PageHeader({ title, description, action }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {action ? <div>{action}</div> : null}
    </Group>
  );
}
