import { Card, SimpleGrid, Skeleton } from '@mantine/core';

/** Loading placeholder for a list of cards (or a settings form): `count` cards of `height` px. */
export function CardListSkeleton({
  count = 3,
  height = 120,
  columns = 1,
}: {
  count?: number;
  height?: number;
  columns?: 1 | 2;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, md: columns }}
      spacing="md"
      aria-busy="true"
      aria-label="Loading"
      data-testid="card-list-skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Card key={i} withBorder radius="md" padding="lg" h={height}>
          <Skeleton height={14} width="40%" radius="sm" />
          <Skeleton height={10} width="80%" mt="md" radius="sm" />
          <Skeleton height={10} width="65%" mt="sm" radius="sm" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
