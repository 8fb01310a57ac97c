import { Anchor, Container, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePublicQuery } from '../../../lib/public-query';
import { languagesClaim, useSiteConfig } from '../../../lib/site';

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

/** 99.95% as measured over 90 days (src/server/features/status); null before any measurement. */
function measuredUptime(percent: number | null | undefined): string {
  if (percent === undefined) return 'Loading...';
  return percent === null ? 'Measuring' : `${Number(percent.toFixed(2))}%`;
}

/** Three tiles: total translations (live), languages, uptime measured over 90 days (the status page). */
export function StatsStrip() {
  const stats = usePublicQuery('stats.global', { refetchInterval: GLOBAL_STATS_REFRESH_MS });
  const status = usePublicQuery('status.get', { staleTime: 60_000 });
  const total = stats.data?.totalTranslations;
  const { languageCount } = useSiteConfig();
  return (
    <Container size="lg" component="section" aria-label="Statistics" py="xl">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Tile
          value={typeof total === 'number' ? numberFormat.format(total) : 'Loading...'}
          label="Translations"
          testId="total-translations"
        />
        <Tile value={languagesClaim(languageCount)} label="Languages" testId="language-count" />
        <Anchor component={Link} to="/status" underline="never" c="inherit">
          <Tile
            value={measuredUptime(status.data ? status.data.overall.quarter : undefined)}
            label="Uptime, 90 days, measured"
            testId="uptime"
          />
        </Anchor>
      </SimpleGrid>
    </Container>
  );
}
