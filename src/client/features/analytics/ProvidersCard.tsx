import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Analytics } from './types';

type Role = Analytics['providers'][number]['role'];

/** What each role means to the server's admins (the server names the provider itself). */
const ROLES: Record<Role, string> = {
  primary: "Operator's provider",
  fallback: 'Fallback, while the first provider was down',
  operator: "Operator's provider (an earlier setting)",
  own: "Your server's own key",
  cache: 'Cache: no provider call',
  unrecorded: 'Before providers were recorded',
};

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/**
 * Which provider served each share of the server's translations, last 30 days (issue 28): the
 * operator's provider, its fallback while the first was down, the server's own key, the cache.
 */
export function ProvidersCard({ rows }: { rows: Analytics['providers'] }) {
  return (
    <Card withBorder radius="md" padding="lg" px={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4">
        Providers
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Last 30 days: which translation provider served each share of your translations. When the first
        provider is down, the fallback answers; with your own key, your provider answers first.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="providers-none">
          No translations in the last 30 days: the providers that serve them will be listed here.
        </Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="providers">
          {rows.map((r) => (
            <li key={r.lane} data-testid="provider-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {ROLES[r.role]}
                  </Text>
                </div>
                <Text size="sm" fw={600}>
                  {r.share}%
                </Text>
              </Group>
              <Progress
                value={r.share}
                size="md"
                mt={6}
                aria-label={`${r.name}: ${r.share}% of translations`}
              />
              <Text size="xs" mt={4}>
                {plural(r.translations, 'translation')} · {plural(r.characters, 'character')} ·{' '}
                {plural(r.errors, 'error')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
