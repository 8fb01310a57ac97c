import { Card, Group, SegmentedControl, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../components/admin/errorMessage';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { TrivialTermsInput } from './TrivialTermsInput';

export interface TranslationSettings {
  autoDetect: boolean;
  translationTone: 'casual' | 'formal';
  contextPreservation: boolean;
  rateLimitPerUser: number;
  skipTrivial: boolean;
  trivialTerms: string[];
}

type Patch = Partial<TranslationSettings>;

/** Spec section 5 and 9: the rate-limit slider. */
export const RATE_LIMIT = { min: 10, max: 200, step: 10 } as const;

/** The five controls; each one saves only its own field, at once (spec section 7). */
export function SettingsForm({
  guildId,
  settings,
}: {
  guildId: string | undefined;
  settings: TranslationSettings;
}) {
  const utils = trpc.useUtils();
  const key = { guildId };
  const update = trpc.translation.updateSettings.useMutation({
    onMutate: async (patch: Patch & { guildId?: string }) => {
      await utils.translation.getSettings.cancel(key);
      const before = utils.translation.getSettings.getData(key);
      const { guildId: _g, ...fields } = patch;
      if (before) utils.translation.getSettings.setData(key, { ...before, ...fields });
      return { before };
    },
    onSuccess: (saved) => {
      utils.translation.getSettings.setData(key, saved);
      notifySuccess('Settings updated');
    },
    onError: (err, _patch, context) => {
      if (context?.before) utils.translation.getSettings.setData(key, context.before);
      notifyError('Could not save the setting', errorMessage(err));
    },
    onSettled: () => utils.translation.getSettings.invalidate(key),
  });
  const save = (patch: Patch) => update.mutate({ guildId, ...patch });

  // The slider moves freely while dragged and saves when released.
  const [rate, setRate] = useState(settings.rateLimitPerUser);
  useEffect(() => setRate(settings.rateLimitPerUser), [settings.rateLimitPerUser]);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Translation behavior
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          How the bot reads and translates messages.
        </Text>
        <Stack gap="lg">
          <Switch
            label="Auto-detect language"
            description="Detect the language of each message instead of relying on the channel's language"
            checked={settings.autoDetect}
            onChange={(e) => save({ autoDetect: e.currentTarget.checked })}
          />
          <Switch
            label="Context preservation"
            description="Send the few previous messages along so replies, slang and names translate correctly"
            checked={settings.contextPreservation}
            onChange={(e) => save({ contextPreservation: e.currentTarget.checked })}
          />
          <Switch
            label="Skip short chatter"
            description={
              'Messages such as "ok", "lol", "gg wp", "haha" or only emoji are neither translated nor copied. Answers such as "no" or "sí" always are.'
            }
            checked={settings.skipTrivial}
            onChange={(e) => save({ skipTrivial: e.currentTarget.checked })}
          />
          <TrivialTermsInput
            terms={settings.trivialTerms}
            disabled={!settings.skipTrivial}
            onSave={(trivialTerms) => save({ trivialTerms })}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" id="tone-label">
          Translation tone
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Casual keeps the chat's voice; formal suits business and support servers.
        </Text>
        <SegmentedControl
          aria-labelledby="tone-label"
          data={[
            { value: 'casual', label: 'Casual' },
            { value: 'formal', label: 'Formal' },
          ]}
          value={settings.translationTone}
          onChange={(v) => save({ translationTone: v === 'formal' ? 'formal' : 'casual' })}
        />
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="rate-label">
            Rate limit
          </Title>
          <Text fw={600} data-testid="rate-value">
            {rate} messages per user per hour
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mb="lg">
          The most translations one member can trigger in an hour. Keeps a busy server within its plan.
        </Text>
        <Slider
          aria-labelledby="rate-label"
          thumbLabel="Rate limit"
          min={RATE_LIMIT.min}
          max={RATE_LIMIT.max}
          step={RATE_LIMIT.step}
          value={rate}
          onChange={setRate}
          onChangeEnd={(v) => {
            if (v !== settings.rateLimitPerUser) save({ rateLimitPerUser: v });
          }}
          marks={[10, 50, 100, 150, 200].map((v) => ({ value: v, label: String(v) }))}
          mb="lg"
          label={(v) => `${v}/h`}
        />
      </Card>
    </Stack>
  );
}
