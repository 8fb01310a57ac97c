import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** An icon element, e.g. <IconLanguage size={18} />. */
  icon: ReactNode;
  description?: ReactNode;
  /** Percent change; positive is shown green with an upward arrow, negative red. */
  trend?: { value: number; label: string };
}

/** Spec section 3's stat card: title, value, icon, description, optional trend. */
export function StatCard({ title, value, icon, description, trend }: StatCardProps) {
  const up = trend ? trend.value >= 0 : true;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="stat-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {/* A title word longer than a phone's half-width card ("Announcements") breaks, hyphenated
            where the browser can, rather than pushing the icon off the card. */}
        <Text
          size="sm"
          fw={500}
          c="dimmed"
          style={{ minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' }}
        >
          {title}
        </Text>
        <ThemeIcon variant="light" size="md" radius="md" aria-hidden style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
      </Group>
      <Text fz={28} fw={700} mt="xs" lh={1.2}>
        {value}
      </Text>
      {trend ? (
        <Group gap={4} mt={6} wrap="nowrap">
          <Text
            component="span"
            size="xs"
            fw={600}
            c={up ? 'teal' : 'red'}
            style={{ display: 'inline-flex', gap: 2 }}
          >
            {up ? <IconTrendingUp size={14} aria-hidden /> : <IconTrendingDown size={14} aria-hidden />}
            {up ? '+' : ''}
            {trend.value}%
          </Text>
          <Text component="span" size="xs" c="dimmed">
            {trend.label}
          </Text>
        </Group>
      ) : null}
      {description ? (
        <Text size="xs" c="dimmed" mt={trend ? 2 : 6}>
          {description}
        </Text>
      ) : null}
    </Card>
  );
}
