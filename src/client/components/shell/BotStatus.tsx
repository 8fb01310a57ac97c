import { Anchor, Box, Code, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDistanceToNowStrict } from 'date-fns';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../trpc';

type Status = RouterOutputs['setup']['status'];

const COLOR: Record<Status['bot']['state'], string> = {
  online: 'teal',
  connecting: 'yellow',
  offline: 'red',
  not_configured: 'gray',
};

function label(s: Status['bot']): string {
  switch (s.state) {
    case 'online':
      return s.latencyMs !== null ? `Bot online · ${s.latencyMs} ms` : 'Bot online';
    case 'connecting':
      return 'Bot connecting';
    case 'offline':
      return `Bot offline · ${formatDistanceToNowStrict(new Date(s.since))}`;
    case 'not_configured':
      return 'Bot not connected';
  }
}

/** The phone header's word for the state (the dot alone said nothing). */
const SHORT: Record<Status['bot']['state'], string> = {
  online: 'Bot on',
  connecting: 'Bot…',
  offline: 'Bot off',
  not_configured: 'No bot',
};

function Explanation({ status }: { status: Status }) {
  const { bot, operator } = status;
  const since = new Date(bot.since);
  switch (bot.state) {
    case 'online':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Connected to Discord{bot.tag ? ` as ${bot.tag}` : ''}
          </Text>
          <Text size="sm">
            Gateway latency {bot.latencyMs !== null ? `${bot.latencyMs} ms` : 'not measured yet'}
            {bot.shard ? ` · shard ${bot.shard.id + 1} of ${bot.shard.count}` : ''}
            {bot.guilds !== null ? ` · in ${bot.guilds} server${bot.guilds === 1 ? '' : 's'}` : ''}.
          </Text>
          <Text size="xs" c="dimmed">
            Online since {since.toLocaleString()}. Posts and replies from the dashboard go out right away.
          </Text>
        </Stack>
      );
    case 'connecting':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Connecting to Discord
          </Text>
          <Text size="sm">
            The bot is logging in. Posts and replies you send meanwhile are queued and delivered once it is
            connected.
          </Text>
        </Stack>
      );
    case 'offline':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Offline since {since.toLocaleString()}
          </Text>
          {bot.reason && <Text size="sm">Reason: {bot.reason}.</Text>}
          <Text size="sm">
            Posts and replies are queued and delivered when the bot reconnects.{' '}
            {operator
              ? 'Check the server log and restart the server; the setup checklist on the Dashboard lists what to fix.'
              : 'Tell whoever runs this installation.'}
          </Text>
        </Stack>
      );
    case 'not_configured':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            The bot is not connected to Discord
          </Text>
          <Text size="sm">
            Nothing reaches Discord yet: posts and replies are queued until the bot connects.
          </Text>
          {operator ? (
            <Text size="sm">
              Set <Code>DISCORD_TOKEN</Code> and restart the server.{' '}
              <Anchor href="/setup" target="_blank" inherit>
                Discord setup guide
              </Anchor>
              {' · '}
              <Anchor component={Link} to="/admin" inherit>
                Setup checklist
              </Anchor>
            </Text>
          ) : (
            <Text size="sm">Tell whoever runs this installation.</Text>
          )}
        </Stack>
      );
  }
}

/** The header's bot status, as the bot itself reported it; a click explains what to do. */
export function BotStatus() {
  const status = trpc.setup.status.useQuery(undefined, { refetchInterval: 15_000 });
  if (!status.data) return null;
  const { bot } = status.data;
  const text = label(bot);
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        {/* Named by its visible text (WCAG 2.5.3), with "details" for screen readers only. */}
        <UnstyledButton
          data-testid="bot-status"
          data-state={bot.state}
          px={8}
          py={4}
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            border: '1px solid var(--mantine-color-default-border)',
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            whiteSpace: 'nowrap',
          }}
        >
          <Box
            w={10}
            h={10}
            style={{
              borderRadius: '50%',
              background: `var(--mantine-color-${COLOR[bot.state]}-6)`,
              flex: 'none',
            }}
            aria-hidden
          />
          <Text size="xs" fw={500} visibleFrom="sm">
            {text}
          </Text>
          <Text size="xs" fw={500} hiddenFrom="sm" data-testid="bot-status-short">
            {SHORT[bot.state]}
          </Text>
          <VisuallyHidden>: details</VisuallyHidden>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="bot-status-details">
        <Explanation status={status.data} />
      </Popover.Dropdown>
    </Popover>
  );
}
