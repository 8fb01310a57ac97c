import { Avatar, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';
import { useSiteConfig } from '../../lib/site';
import { trpc } from '../../trpc';
import { guildIconUrl } from './GuildPicker';

/**
 * A Discord login that manages no server with the bot: says so, lists the servers it could add
 * the bot to (each invite preselects that server) and offers the general invite.
 */
export function NoServer() {
  const guilds = trpc.guilds.list.useQuery({ refresh: true }, { refetchInterval: 5000 });
  const { inviteUrl } = useSiteConfig();
  const candidates = (guilds.data ?? []).filter((g) => !g.botPresent);
  return (
    <Center mih="60vh" p="md">
      <Card withBorder radius="lg" padding="xl" maw={520} w="100%" data-testid="no-server">
        <Stack gap="md">
          <Title order={2} fz={22}>
            No server to manage yet
          </Title>
          <Text c="dimmed" size="sm">
            The dashboard shows the servers where you are the owner or have the Manage Server permission and
            the bot has been added. Add the bot to one of your servers to start; this page opens it as soon as
            the bot joins.
          </Text>
          {candidates.map((g) => (
            <Group key={g.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar src={guildIconUrl(g.id, g.icon)} name={g.name} color="initials" radius="xl" />
                <Text fw={500} truncate>
                  {g.name}
                </Text>
              </Group>
              {g.inviteUrl && (
                <Button
                  component="a"
                  href={g.inviteUrl}
                  target="_blank"
                  rel="noopener"
                  size="xs"
                  variant="light"
                >
                  Add bot
                </Button>
              )}
            </Group>
          ))}
          {inviteUrl && (
            <Button
              component="a"
              href={inviteUrl}
              target="_blank"
              rel="noopener"
              leftSection={<IconBrandDiscord size={18} aria-hidden />}
            >
              Add to Discord
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
