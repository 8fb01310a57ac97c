import { Alert, Stack } from '@mantine/core';
import { errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { AddIntegration } from './AddIntegration';
import { IntegrationList } from './IntegrationList';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

const TITLE = 'Integrations';
const SUBTITLE = 'New YouTube videos and Twitch streams, posted in every language channel';

/** Integrations (Ultimate): YouTube channels and Twitch broadcasters whose news is posted translated. */
export default function IntegrationsPage() {
  const guildId = useGuildId();
  const unlocked = useCapability('integrations');
  const list = trpc.integrations.list.useQuery({ guildId }, { enabled: unlocked === true });
  const links = trpc.channels.list.useQuery({ guildId }, { enabled: unlocked === true });
  return (
    <Stack gap="lg">
      <PageHeader title={TITLE} description={SUBTITLE} />
      {unlocked === false && (
        <LockedFeature
          capability="integrations"
          description="Follow YouTube channels and Twitch streamers: each new video or live stream is announced in every language channel, translated."
        />
      )}
      {(unlocked === undefined || list.isLoading) && <StatGridSkeleton cards={2} />}
      {list.error && (
        <Alert color="red" title="Failed to fetch integrations">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <>
          <AddIntegration
            available={list.data.available}
            links={(links.data ?? []).filter((l) => l.mode === 'mirror')}
            linksLoading={links.isLoading}
          />
          <IntegrationList items={list.data.integrations} />
        </>
      )}
    </Stack>
  );
}
