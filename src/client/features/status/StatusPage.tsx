import {
  Alert,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { componentRule, STATUS_WINDOWS, type StatusReport } from '../../../common/status/schemas';
import { BackHomeLink } from '../../components/public/BackHomeLink';
import { trpc } from '../../trpc';
import { formatUptime } from './format';

const STATE = {
  up: { color: 'green', label: 'Up' },
  down: { color: 'red', label: 'Down' },
  missing: { color: 'red', label: 'No sample' },
} as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return minutes % 60 ? `${h} h ${minutes % 60} min` : `${h} h`;
}

function Components({ report }: { report: StatusReport }) {
  return (
    <Stack gap="sm" data-testid="status-components">
      {report.components.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="md" data-testid="status-component">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{c.name}</Text>
              <Text size="xs" c="dimmed">
                {componentRule(c.id)}
              </Text>
            </div>
            <Badge color={STATE[c.current].color} variant="light" style={{ flexShrink: 0 }}>
              {STATE[c.current].label}
            </Badge>
          </Group>
          <SimpleGrid cols={3} mt="sm" spacing="xs">
            {STATUS_WINDOWS.map((w) => (
              <div key={w.key}>
                <Text size="xs" c="dimmed">
                  {w.label}
                </Text>
                <Text fw={700} ff="monospace">
                  {formatUptime(c.uptime[w.key])}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

function Incidents({ report }: { report: StatusReport }) {
  if (report.incidents.length === 0) {
    return <Text c="dimmed">No incident in the last 90 days.</Text>;
  }
  return (
    <Stack gap="xs" data-testid="status-incidents">
      {report.incidents.map((i) => (
        <Paper key={`${i.component}-${i.start}`} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{i.name}</Text>
            {i.end === null ? (
              <Badge color="red">Ongoing</Badge>
            ) : (
              <Badge color="gray" variant="light">
                {duration(i.minutes)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Down from {dateTime.format(new Date(i.start))}
            {i.end ? ` to ${dateTime.format(new Date(i.end))}` : ', still down'}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** /status: what the service measured of itself (src/server/features/status). */
export default function StatusPage() {
  const status = trpc.status.get.useQuery(undefined, { refetchInterval: 60_000 });
  const report = status.data;
  const allUp = report && report.components.length > 0 && report.components.every((c) => c.current === 'up');
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <BackHomeLink />
      <Title order={1} mt="lg" fz={{ base: 32, sm: 42 }}>
        Status
      </Title>
      <Text c="dimmed" mt="xs" maw={640}>
        Measured by the service itself: every minute the web tier records whether each component was up. A
        minute without any record counts as down. Translation is shown per provider lane (the primary provider
        and its fallback); it is up as a whole when any lane answers.
      </Text>
      <Stack gap="xl" mt="xl">
        {status.error && (
          <Alert color="red" title="The status could not be read">
            {status.error.message}
          </Alert>
        )}
        {!report && !status.error && <Skeleton height={220} radius="md" />}
        {report && (
          <>
            <Paper withBorder radius="lg" p="lg" data-testid="status-summary">
              <Group justify="space-between" wrap="wrap">
                <Text fw={700} size="lg">
                  {report.components.length === 0
                    ? 'No measurement yet'
                    : allUp
                      ? 'All components are up'
                      : 'Some components are down'}
                </Text>
                <Text c="dimmed" size="sm">
                  90 days: {formatUptime(report.overall.quarter)} (the lowest of the website, each bot shard
                  and translation as a whole)
                </Text>
              </Group>
            </Paper>
            {report.components.length > 0 && <Components report={report} />}
            <Stack gap="sm">
              <Title order={2} fz={22}>
                Incidents
              </Title>
              <Incidents report={report} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
