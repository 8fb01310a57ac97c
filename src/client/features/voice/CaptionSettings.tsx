import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors, savedOptionLabel } from '../../components/admin';
import { noChannelsNote } from '../../components/admin/ChannelPicker';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

/**
 * Where live captions go: by default the voice channel's own text chat; an admin may send every
 * session's captions to one text channel or thread instead (/voice start captions: overrides it
 * for one session).
 */
export function CaptionSettings() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const settings = trpc.voice.settings.useQuery({ guildId });
  // Text and announcement channels and threads take captions, as the server checks.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'textOrThread' });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) setChannelId(settings.data.captionChannelId);
  }, [settings.data]);
  const save = trpc.voice.updateSettings.useMutation({
    onSuccess: (saved) => {
      setError(undefined);
      notifySuccess(
        'Caption channel saved',
        saved.captionChannelId
          ? 'The next sessions post their captions there.'
          : "The next sessions post their captions in the voice channel's own chat.",
      );
    },
    onError: (err) => {
      setError(fieldErrors(err).captionChannelId);
      notifyError('Failed to save the caption channel', errorMessage(err));
    },
    onSettled: () => void utils.voice.settings.invalidate(),
  });
  const options = channels.data ?? [];
  const data = options.map((c) => ({ value: c.id, label: `#${c.name}` }));
  if (channelId && !options.some((c) => c.id === channelId))
    data.unshift({
      value: channelId,
      label: savedOptionLabel(channelId, channels, 'channel'),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Where captions go
          </Title>
          <Text size="sm" c="dimmed">
            Each caption is posted as the speaker: the original line, then one short line per language. By
            default it goes to the voice channel&apos;s own text chat, where the bot also says it is
            listening.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            {...keyboardPick(channelId)}
            label="Caption channel"
            placeholder="The voice channel's own chat"
            description={
              channels.isSuccess && options.length === 0 ? noChannelsNote('textOrThread') : undefined
            }
            data={data}
            value={channelId}
            onChange={setChannelId}
            // Not before the saved channel arrives: it replaces the value when it does.
            disabled={settings.isLoading}
            error={error}
            clearable
            searchable
            nothingFoundMessage="No text channel or thread of that name"
            w={{ base: '100%', sm: 300 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            loading={save.isPending}
            disabled={settings.isLoading || (settings.data?.captionChannelId ?? null) === channelId}
            onClick={() => save.mutate({ guildId, captionChannelId: channelId })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
