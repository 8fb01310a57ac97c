import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName, SCREEN_LANGUAGES } from '../../../common/languages';
import { errorMessage, LanguageMultiSelect, LanguageSelect } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from './ChannelPicker';
import {
  type ChannelChoice,
  canCreate,
  missingChannelError,
  missingChannels,
  setTargets,
  targetLanguages,
} from './rules';
import type { DiscordChannel } from './types';

interface Props {
  opened: boolean;
  onClose: () => void;
  channels: DiscordChannel[] | undefined;
  /** Why the channel list could not be loaded (null when it was): the pickers wait for Retry. */
  channelsError: string | null;
  onRetryChannels: () => void;
  retryingChannels: boolean;
}

const initial = () => ({
  text: '',
  original: SCREEN_LANGUAGES.announcementOriginal as string,
  targets: [...SCREEN_LANGUAGES.announcementDefaultTargets] as string[],
  channels: {} as ChannelChoice,
});

/** Write once, pick target languages and a channel for each, and the server translates. */
export function CreateAnnouncementDialog({
  opened,
  onClose,
  channels,
  channelsError,
  onRetryChannels,
  retryingChannels,
}: Props) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const [form, setForm] = useState(initial);
  const [showMissing, setShowMissing] = useState(false);

  const create = trpc.announcements.create.useMutation({
    onSuccess: (created) => {
      const count = Object.keys(created.translations ?? {}).length;
      if (created.untranslated.length === 0) {
        notifySuccess('Draft saved', `Translated into ${count} language${count === 1 ? '' : 's'}.`);
      } else {
        notifySuccess(
          'Draft saved untranslated',
          `Not translated yet: ${created.untranslated.map(languageName).join(', ')}. It is translated when you post it, or with Translate now.`,
        );
      }
      void utils.announcements.list.invalidate();
      close();
    },
    onError: (err) => notifyError('Failed to create announcement', errorMessage(err)),
  });

  function close() {
    setForm(initial());
    setShowMissing(false);
    onClose();
  }

  function setOriginal(code: string) {
    setForm((f) => {
      const { [code]: _dropped, ...channels } = f.channels;
      return { ...f, original: code, targets: f.targets.filter((t) => t !== code), channels };
    });
  }

  function submit() {
    const error = missingChannelError(form.targets, form.channels);
    setShowMissing(error !== null);
    if (error) return;
    create.mutate({
      guildId,
      createdBy: 'admin',
      originalText: form.text.trim(),
      originalLanguage: form.original,
      targetChannels: form.targets.map((language) => ({
        language,
        channelId: form.channels[language].trim(),
      })),
    });
  }

  // Once a submit named missing channels, the message follows the form until they are all chosen.
  const submitError = showMissing ? missingChannelError(form.targets, form.channels) : null;
  const missing = new Set(showMissing ? missingChannels(form.targets, form.channels) : []);
  const enabled = canCreate(form.text, form.targets, form.channels, create.isPending);

  return (
    <Modal opened={opened} onClose={close} title="Create Announcement" size="lg">
      <Stack gap="md">
        <Textarea
          label="Announcement"
          description="Write it once; it is translated into every target language."
          placeholder="Server maintenance tonight at 22:00 UTC..."
          autosize
          minRows={4}
          maxRows={10}
          value={form.text}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setForm((f) => ({ ...f, text }));
          }}
        />
        <LanguageSelect label="Original language" value={form.original} onChange={setOriginal} />
        <LanguageMultiSelect
          label="Target languages"
          description="Each target gets the translation, posted in its channel"
          placeholder={form.targets.length ? undefined : 'Search a language'}
          languages={targetLanguages(form.original)}
          value={form.targets}
          onChange={(next) => setForm((f) => ({ ...f, ...setTargets(f.targets, f.channels, next) }))}
        />
        {channelsError !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="This server's channels could not be loaded"
            role="alert"
            data-testid="channels-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Reason: {channelsError}</Text>
              <Text size="sm">Each language needs a channel picked from the list: try loading it again.</Text>
              <Button size="xs" variant="default" loading={retryingChannels} onClick={onRetryChannels}>
                Retry
              </Button>
            </Stack>
          </Alert>
        )}
        {form.targets.length > 0 && channelsError === null && !channels && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading this server's channels…
            </Text>
          </Group>
        )}
        {form.targets.length > 0 && channelsError === null && channels && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Channels
            </Text>
            {channels.length === 0 && (
              <Text size="xs" c="dimmed">
                No text channel to choose from: the bot lists this server's channels while it is connected
                (the bot status at the top says whether it is). Connect the bot, then open this dialog again.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {form.targets.map((lang) => (
                <ChannelPicker
                  key={lang}
                  language={lang}
                  channels={channels}
                  value={form.channels[lang] ?? ''}
                  error={missing.has(lang) ? 'Choose a channel' : undefined}
                  onChange={(channelId) => {
                    setForm((f) => ({ ...f, channels: { ...f.channels, [lang]: channelId } }));
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {submitError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {submitError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!enabled} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
