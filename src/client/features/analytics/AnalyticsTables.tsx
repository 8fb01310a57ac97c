import { Card, Group, Progress, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { languageName } from '../../../common/languages';
import { MemberName } from '../../components/admin/names';
import type { Analytics } from './types';

/** Spec section 9: at most 10 top translators. */
export const TOP_TRANSLATORS_LIMIT = 10;

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      {text}
    </Text>
  );
}

/** Top translators (at most 10) and the language pairs with their success rate. */
export function AnalyticsTables({ data }: { data: Analytics }) {
  const translators = data.topTranslators.slice(0, TOP_TRANSLATORS_LIMIT);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder radius="md" padding="lg" px={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          Top Translators
        </Title>
        {translators.length === 0 ? (
          <Empty text="No one has translated a message yet" />
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="top-translators">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th ta="right">Count</Table.Th>
                  <Table.Th ta="right">Success</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {translators.map((t, i) => (
                  <Table.Tr key={t.username + String(i)}>
                    <Table.Td c="dimmed">{i + 1}</Table.Td>
                    <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {/* The server answers the id as the name when it knows none: shown as unknown. */}
                      <MemberName
                        id={t.userId}
                        name={t.username !== t.userId ? t.username : null}
                        size="sm"
                      />
                    </Table.Td>
                    <Table.Td ta="right">{t.count.toLocaleString()}</Table.Td>
                    <Table.Td ta="right">{t.accuracy}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" px={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          Language Pairs
        </Title>
        {data.languagePairs.length === 0 ? (
          <Empty text="No language pairs yet" />
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="language-pairs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pair</Table.Th>
                  <Table.Th ta="right">Count</Table.Th>
                  <Table.Th w="40%">Success rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.languagePairs.map((p) => (
                  <Table.Tr key={`${p.from}-${p.to}`}>
                    <Table.Td>
                      <Text size="sm" fw={500} title={`${languageName(p.from)} to ${languageName(p.to)}`}>
                        {p.from.toUpperCase()} → {p.to.toUpperCase()}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{p.count.toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Progress
                          value={p.successRate}
                          color={p.successRate >= 95 ? 'teal' : p.successRate >= 80 ? 'yellow' : 'red'}
                          style={{ flex: 1 }}
                          aria-label={`${p.successRate}% success`}
                        />
                        <Text size="xs" w={44} ta="right">
                          {p.successRate}%
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </SimpleGrid>
  );
}
