import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type IntegrationKind, PLATFORM_NAMES } from '../../../common/integrations/schemas';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

const PLACEHOLDER: Record<IntegrationKind, string> = {
  youtube: '@handle, UC… or youtube.com/…',
  twitch: 'Twitch login, or twitch.tv/name',
};

/** The form: platform, channel or streamer, and the channel link whose language channels get the posts. */
export function AddIntegration({
  available,
  links,
  linksLoading,
}: {
  available: { youtube: boolean; twitch: boolean };
  links: { id: number; name: string; channels: { language: string }[] }[];
  linksLoading: boolean;
}) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<IntegrationKind>('youtube');
  const [source, setSource] = useState('');
  const [linkId, setLinkId] = useState<string | null>(null);
  const add = trpc.integrations.add.useMutation({
    onSuccess: (row) => {
      notifySuccess('Integration added', `${row.sourceName} will be posted to ${row.linkName}.`);
      setSource('');
      void utils.integrations.list.invalidate({ guildId });
    },
    onError: (err) => notifyError('Could not add the integration', errorMessage(err)),
  });
  const unavailable = !available[kind];
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Follow a channel
        </Title>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as IntegrationKind)}
          data={[
            { value: 'youtube', label: 'YouTube' },
            { value: 'twitch', label: 'Twitch' },
          ]}
          w={{ base: '100%', xs: 260 }}
        />
        {unavailable ? (
          <Alert
            color="gray"
            icon={kind === 'twitch' ? <IconBrandTwitch size={18} /> : <IconBrandYoutube size={18} />}
          >
            {PLATFORM_NAMES[kind]} integrations are not available here.
          </Alert>
        ) : (
          <>
            <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label={kind === 'youtube' ? 'YouTube channel' : 'Twitch streamer'}
                placeholder={PLACEHOLDER[kind]}
                value={source}
                onChange={(e) => setSource(e.currentTarget.value)}
                miw={220}
              />
              <Select
                {...keyboardPick(linkId)}
                label="Post to"
                placeholder={linksLoading ? 'Loading channel links…' : 'Choose a channel link'}
                data={links.map((l) => ({
                  value: String(l.id),
                  label: `${l.name} (${l.channels.map((c) => c.language).join(', ')})`,
                }))}
                value={linkId}
                onChange={setLinkId}
                miw={220}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            {!linksLoading && links.length === 0 && (
              <Text size="sm" c="dimmed">
                Create a channel link with one channel per language first (Channels): the posts go to its
                channels.
              </Text>
            )}
            <Group>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={!source.trim() || !linkId}
                loading={add.isPending}
                onClick={() => add.mutate({ guildId, kind, source, linkId: Number(linkId) })}
              >
                Add integration
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
