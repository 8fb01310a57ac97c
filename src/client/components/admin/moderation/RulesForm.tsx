import { Card, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { ChannelPicker } from '../ChannelPicker';
import { errorMessage } from '../errorMessage';
import { useDebouncedSave } from '../useDebouncedSave';

export interface ModerationRules {
  spamDetection: boolean;
  contentFiltering: boolean;
  bannedWords: string[];
  autoDelete: boolean;
  logChannelId: string;
}

const SWITCHES = [
  {
    key: 'spamDetection',
    label: 'Spam detection',
    description: 'Flag floods, repeated messages and mass mentions',
  },
  {
    key: 'contentFiltering',
    label: 'Content filtering',
    description: 'Flag messages containing banned words, scams and toxic language',
  },
  {
    key: 'autoDelete',
    label: 'Auto delete',
    description: 'Delete flagged messages instead of only logging a warning',
  },
] as const;

/** The rule switches, banned words and log channel; each change is saved as it is made. */
export function RulesForm({ guildId, initial }: { guildId: string | undefined; initial: ModerationRules }) {
  const [form, setForm] = useState(initial);
  const utils = trpc.useUtils();
  const update = trpc.moderation.updateRules.useMutation({
    onSuccess: (saved) => {
      utils.moderation.getRules.setData({ guildId }, saved);
      notifySuccess('Moderation rules updated');
    },
    onError: (err) => notifyError('Could not save the moderation rules', errorMessage(err)),
  });
  const { queue, flush } = useDebouncedSave<ModerationRules>((patch) => update.mutate({ guildId, ...patch }));
  const change = (patch: Partial<ModerationRules>, now = false) => {
    setForm((f) => ({ ...f, ...patch }));
    queue(patch);
    if (now) flush();
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4}>Rules</Title>
      <Text size="sm" c="dimmed" mb="md">
        What the bot watches for. Changes are saved as you make them.
      </Text>
      <Stack gap="lg">
        {SWITCHES.map((s) => (
          <Switch
            key={s.key}
            label={s.label}
            description={s.description}
            checked={form[s.key]}
            onChange={(e) => change({ [s.key]: e.currentTarget.checked }, true)}
          />
        ))}
        <TagsInput
          label="Banned words"
          description="Press Enter or comma after each word"
          placeholder={form.bannedWords.length ? '' : 'Add a word'}
          value={form.bannedWords}
          onChange={(bannedWords) => change({ bannedWords }, true)}
          clearable
          splitChars={[',']}
        />
        <ChannelPicker
          label="Log channel ID"
          description="Where moderation actions are reported"
          value={form.logChannelId}
          onChange={(logChannelId) => change({ logChannelId })}
        />
      </Stack>
    </Card>
  );
}
