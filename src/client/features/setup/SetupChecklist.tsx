import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCircleDashed, IconExternalLink, IconLanguage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../trpc';

type Step = RouterOutputs['setup']['checklist']['steps'][number];

function TestTranslation() {
  const utils = trpc.useUtils();
  const test = trpc.setup.testTranslation.useMutation({
    onSettled: () => utils.setup.checklist.invalidate(),
  });
  const result = test.data;
  return (
    <Stack gap={6}>
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLanguage size={14} />}
          loading={test.isPending}
          onClick={() => test.mutate({ target: 'es' })}
        >
          Test translation
        </Button>
      </Group>
      {result?.ok && (
        <Alert color="teal" variant="light" p="xs" data-testid="test-translation-result">
          <Text size="sm">
            {result.language} through {result.provider}: “{result.text}”
          </Text>
        </Alert>
      )}
      {result && !result.ok && (
        <Alert color="red" variant="light" p="xs" data-testid="test-translation-result">
          <Text size="sm">Test failed: {result.error}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function StepRow({ step, operator }: { step: Step; operator: boolean }) {
  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      data-testid={`setup-step-${step.key}`}
      data-done={step.done}
    >
      <ThemeIcon
        size={26}
        radius="xl"
        variant="light"
        color={step.done ? 'teal' : 'gray'}
        role="img"
        aria-label={step.done ? 'Done' : 'Not done'}
        style={{ flex: 'none' }}
      >
        {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
      </ThemeIcon>
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {step.title}
          </Text>
          {step.optional && (
            <Badge size="xs" variant="outline" color="gray">
              Optional
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {step.summary}
        </Text>
        {!step.done && step.howTo && (
          <Stack gap={6}>
            {step.howTo.env.length > 0 && (
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  Set:
                </Text>
                {step.howTo.env.map((name) => (
                  <Code key={name}>{name}</Code>
                ))}
              </Group>
            )}
            {/* A long URL in a step (the Stripe webhook's) wraps on a phone instead of running off the card. */}
            <List size="sm" type="ordered" spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {step.howTo.steps.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Group gap="md">
              {step.howTo.docs.map((d) => (
                <Anchor key={d.href} href={d.href} target="_blank" size="sm">
                  <Group gap={4} component="span">
                    {d.label}
                    <IconExternalLink size={12} aria-hidden />
                  </Group>
                </Anchor>
              ))}
            </Group>
          </Stack>
        )}
        {operator && step.key === 'provider' && <TestTranslation />}
        {!step.done && step.action && (
          <Group>
            {step.action.href.startsWith('/') ? (
              <Button size="xs" variant="light" component={Link} to={step.action.href}>
                {step.action.label}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                component="a"
                href={step.action.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {step.action.label}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}

/**
 * The operator's setup checklist on the Dashboard: shown until every required step works; each
 * step turns green by itself (the list is re-read every few seconds).
 */
export function SetupChecklist() {
  const me = trpc.auth.me.useQuery();
  const list = trpc.setup.checklist.useQuery(undefined, {
    refetchInterval: 10_000,
    enabled: me.data?.operator === true,
  });
  if (!list.data?.operator || list.data.complete) return null;
  const { steps } = list.data;
  const done = steps.filter((s) => s.done).length;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="setup-checklist"
      component="section"
      aria-labelledby="setup-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="setup-title">
              Finish setting up
            </Title>
            <Text size="sm" c="dimmed">
              Only you, the operator, see this. Each step turns green by itself once it works.
            </Text>
          </div>
          <Text size="sm" fw={600}>
            {done} of {steps.length} done
          </Text>
        </Group>
        <Progress.Root size="sm">
          <Progress.Section value={(done / steps.length) * 100} aria-label="Setup progress" />
        </Progress.Root>
        <Stack gap="md">
          {steps.map((s) => (
            <StepRow key={s.key} step={s} operator={list.data.operator} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
