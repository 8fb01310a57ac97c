import { Alert, Stack } from '@mantine/core';
import { CardListSkeleton, errorMessage, PageHeader } from '../../components/admin';
import { ApiKeysCard } from '../api-keys/ApiKeysCard';
import { PlanUsageCard } from '../billing/PlanUsageCard';
import { DangerZone } from './DangerZone';
import { SettingsForm } from './SettingsForm';
import { LevelingPanel } from '../xp/LevelingPanel';
import { WhiteLabelCard } from '../white-label/WhiteLabelCard';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Bot Settings: prefix, default language, leveling (settings and leaderboard), API keys, white-label and the Danger Zone. */
export default function SettingsPage() {
  const guildId = useGuildId();
  const config = trpc.settings.get.useQuery({ guildId });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Bot Settings"
        description="General configuration and features of the bot in this server"
      />
      {config.isLoading && <CardListSkeleton count={2} height={180} />}
      {config.error && (
        <Alert color="red" title="Failed to fetch settings">
          {errorMessage(config.error)}
        </Alert>
      )}
      <PlanUsageCard />
      {config.data && <SettingsForm key={JSON.stringify(config.data)} initial={config.data} />}
      <LevelingPanel guildId={guildId} />
      <ApiKeysCard />
      <WhiteLabelCard />
      <DangerZone guildId={guildId} confirmId={guildId ?? 'default'} />
    </Stack>
  );
}
