import { Container, Paper, SimpleGrid, Text } from '@mantine/core';
import { usePublicQuery } from '../../../lib/public-query';

/** Spec section 7: the global stats are refetched every 30 s. */
export const GLOBAL_STATS_REFRESH_MS = 30_000;

const numberFormat = new Intl.NumberFormat(undefined);

function Tile({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" ta="center">
      <Text
        fz={{ base: 26, sm: 32 }}
        fw={800}
        lh={1.2}
        data-testid={testId}
        aria-live={testId ? 'polite' : undefined}
      >
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {label}
      </Text>
    </Paper>
  );
}

/** Four tiles: total translations (live), languages, uptime, availability. */
export function StatsStrip() {
  const stats = usePublicQuery('stats.global', { refetchInterval: GLOBAL_STATS_REFRESH_MS });
  const total = stats.data?.totalTranslations;
  return (
    <Container size="lg" component="section" aria-label="Statistics" py="xl">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Tile
          value={typeof total === 'number' ? numberFormat.format(total) : 'Loading...'}
          label="Translations"
          testId="total-translations"
        />
        <Tile value="130+" label="Languages" />
        <Tile value="99.9%" label="Uptime" />
        <Tile value="24/7" label="Availability" />
      </SimpleGrid>
    </Container>
  );
}
