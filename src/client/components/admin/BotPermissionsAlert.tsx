import { Alert, List, Text } from '@mantine/core';
import { IconShieldExclamation, IconVolume } from '@tabler/icons-react';
import {
  type BotPermissionReport,
  type FeatureKey,
  featureGap,
  permissionLabel,
  VOICE_CHANNEL_TYPES,
  whereToGrantChannel,
  whereToGrantRole,
} from '../../../common/guilds/permissions';
import { unknownChannelLabel } from '../../../common/guilds/names';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

export interface BotPermissionsAlertProps {
  /** The features this screen runs (FEATURE_PERMISSIONS keys). */
  features: FeatureKey[];
  /** The channels they post in here; omitted: every channel the bot reported. */
  channelIds?: readonly string[];
}

/**
 * What the bot may not do on this server for this screen's features, as the bot last read it from
 * Discord (its roles, each channel's overwrites: guilds.permissions), and where a server admin
 * grants it. Nothing when nothing is missing or the bot has not checked yet.
 */
export function BotPermissionsAlert({ features, channelIds }: BotPermissionsAlertProps) {
  const guildId = useGuildId();
  const q = trpc.guilds.permissions.useQuery({ guildId }, { staleTime: 30_000, refetchInterval: 30_000 });
  // Every kind: a voice channel's overwrites matter to captions.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'any' }, { staleTime: 60_000 });
  const report = q.data?.report as BotPermissionReport | undefined;
  if (!report) return null;
  const gaps = features.map((key) => featureGap(report, key, channelIds));
  const onRole = [...new Set(gaps.flatMap((g) => g.guild))];
  const inChannels = new Map<string, Set<string>>();
  for (const g of gaps)
    for (const c of g.channels) {
      const set = inChannels.get(c.id) ?? new Set<string>();
      for (const p of c.missing) set.add(permissionLabel(p));
      inChannels.set(c.id, set);
    }
  if (!onRole.length && !inChannels.size) return null;
  const byId = new Map((channels.data ?? []).map((c) => [c.id, c]));
  const nameOf = (id: string) => byId.get(id)?.name ?? unknownChannelLabel(id);
  const isVoice = (id: string) => VOICE_CHANNEL_TYPES.includes(byId.get(id)?.type ?? -1);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShieldExclamation size={18} />}
      title="The bot is missing permissions here"
      data-testid="bot-permissions-alert"
    >
      <List size="sm" spacing={4}>
        {onRole.length > 0 && (
          <List.Item>
            <Text size="sm" span>
              Its role lacks <b>{onRole.map(permissionLabel).join(', ')}</b>. Grant it in{' '}
              <b>{whereToGrantRole(report.role)}</b>.
            </Text>
          </List.Item>
        )}
        {[...inChannels].map(([id, missing]) => (
          <List.Item key={id}>
            <Text size="sm" span>
              {isVoice(id) ? (
                <>
                  The voice channel{' '}
                  <IconVolume size={14} aria-label="Voice channel" style={{ verticalAlign: -2 }} />{' '}
                  <b>{nameOf(id)}</b>
                </>
              ) : (
                <b>#{nameOf(id)}</b>
              )}{' '}
              takes away <b>{[...missing].join(', ')}</b>. Allow it in{' '}
              <b>{whereToGrantChannel(nameOf(id), report.role, isVoice(id))}</b>.
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
