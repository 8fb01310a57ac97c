import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Loading placeholder: `cards` stat cards in a 1/2/4-column grid, then one large block. */
export function StatGridSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading" data-testid="stat-grid-skeleton">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md">
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Card key={i} withBorder radius="md" padding="lg" data-testid="skeleton-card">
            <Skeleton height={12} width="50%" radius="sm" />
            <Skeleton height={28} width="40%" mt="md" radius="sm" />
            <Skeleton height={10} width="70%" mt="sm" radius="sm" />
          </Card>
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}
