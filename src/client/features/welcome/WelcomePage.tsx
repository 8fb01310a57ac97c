import { Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  BotPermissionsAlert,
  CardListSkeleton,
  EmptyState,
  errorMessage,
  PageHeader,
} from '../../components/admin';
import { ReactionRolesTab } from '../reaction-roles/ReactionRolesTab';
import { WelcomeForm } from './WelcomeForm';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Welcome & Roles (spec section 2): tabs Welcome Messages (default) and Reaction Roles. */
export default function WelcomePage() {
  const guildId = useGuildId();
  const welcome = trpc.welcome.get.useQuery({ guildId });
  return (
    <Stack gap="lg">
      <PageHeader title="Welcome & Roles" description="Greet new members and let them choose their roles." />
      <BotPermissionsAlert features={['roles']} channelIds={[]} />
      <Tabs defaultValue="welcome" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="welcome">Welcome Messages</Tabs.Tab>
          <Tabs.Tab value="roles">Reaction Roles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="welcome">
          {welcome.isPending ? (
            <CardListSkeleton count={3} height={140} />
          ) : welcome.isError ? (
            <EmptyState
              icon={<IconAlertTriangle size={28} />}
              title="Could not load the welcome settings"
              description={errorMessage(welcome.error)}
            />
          ) : (
            <WelcomeForm key={guildId ?? ''} guildId={guildId} initial={welcome.data} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <ReactionRolesTab guildId={guildId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
