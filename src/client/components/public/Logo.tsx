import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';

export const PRODUCT_NAME = 'Polyglot';

export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={size === 'lg' ? 34 : 28}
        radius="md"
        variant="gradient"
        gradient={{ from: 'blurple.6', to: 'violet.5' }}
        aria-hidden
      >
        <IconLanguage size={size === 'lg' ? 20 : 16} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 'lg' : 'md'}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
