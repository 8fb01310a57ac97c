import { Alert, Stack } from '@mantine/core';
import { VOICE_CHANNEL_TYPES } from '../../../common/guilds/permissions';
import { BotPermissionsAlert, errorMessage, PageHeader, StatGridSkeleton } from '../../components/admin';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { ActiveSessions } from './ActiveSessions';
import { CaptionSettings } from './CaptionSettings';
import { GettingStarted } from './GettingStarted';
import { SessionHistory } from './SessionHistory';
import { VoiceStats } from './VoiceStats';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Voice Translation: live sessions, their history and how to start one. */
export default function VoiceTranslationPage() {
  const guildId = useGuildId();
  const unlocked = useCapability('voice');
  // Live: sessions start and end from Discord, and their characters grow while they run.
  const live = { enabled: unlocked === true, refetchInterval: 5000 };
  const sessions = trpc.voice.sessions.useQuery({ guildId }, live);
  const active = trpc.voice.active.useQuery({ guildId }, live);
  const error = sessions.error ?? active.error;
  // The header's bot status (same query): sessions are live only while the bot is online.
  const status = trpc.setup.status.useQuery(undefined, { refetchInterval: 15_000 });
  const botOnline = status.data?.bot.state === 'online';
  // Members start captions in any voice channel: each one's overwrites matter.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'any' }, { staleTime: 60_000 });
  const voiceChannels = (channels.data ?? [])
    .filter((c) => VOICE_CHANNEL_TYPES.includes(c.type))
    .map((c) => c.id);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Voice Translation"
        description="Real-time voice channel translation and monitoring"
      />
      {unlocked && <BotPermissionsAlert features={['voice']} channelIds={voiceChannels} />}
      {unlocked === false && (
        <LockedFeature
          capability="voice"
          description="Live captions from voice channels and translated voice messages, in every member's language."
        />
      )}
      {(unlocked === undefined || sessions.isLoading || active.isLoading) && <StatGridSkeleton cards={4} />}
      {error && (
        <Alert color="red" title="Failed to fetch voice sessions">
          {errorMessage(error)}
        </Alert>
      )}
      {sessions.data && active.data && (
        <>
          <VoiceStats sessions={sessions.data} active={active.data} botOnline={botOnline} />
          <ActiveSessions sessions={active.data} botOnline={botOnline} />
          <CaptionSettings />
          <SessionHistory sessions={sessions.data} />
          {sessions.data.length === 0 && <GettingStarted />}
        </>
      )}
    </Stack>
  );
}
