import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, LanguageSelect } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { useCapability } from '../billing/useCapability';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

export interface BotConfig {
  prefix: string;
  defaultLanguage: string;
  levelingEnabled: boolean;
}

/** The same rule the server applies (1 to 5 characters, no spaces); null when fine. */
export function prefixError(prefix: string): string | null {
  if (prefix.length === 0) return 'The prefix must not be empty';
  if (prefix.length > 5) return 'At most 5 characters';
  if (/\s/.test(prefix)) return 'No spaces';
  return null;
}

/** General (prefix, default language) and Features (leveling); Save sends the changed fields. */
export function SettingsForm({ initial }: { initial: BotConfig }) {
  const guildId = useGuildId();
  const leveling = useCapability('leveling');
  const utils = trpc.useUtils();
  const [form, setForm] = useState(initial);
  const save = trpc.settings.update.useMutation({
    onSuccess: () => {
      notifySuccess('Settings saved', 'The bot uses the new settings right away.');
      void utils.settings.get.invalidate();
    },
    onError: (err) => notifyError('Failed to save settings', errorMessage(err)),
  });

  const changed = {
    ...(form.prefix !== initial.prefix ? { prefix: form.prefix } : {}),
    ...(form.defaultLanguage !== initial.defaultLanguage ? { defaultLanguage: form.defaultLanguage } : {}),
    ...(form.levelingEnabled !== initial.levelingEnabled ? { levelingEnabled: form.levelingEnabled } : {}),
  };
  const dirty = Object.keys(changed).length > 0;
  const badPrefix = prefixError(form.prefix);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          General
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          How the bot answers in this server
        </Text>
        <Stack gap="md" maw={420}>
          <TextInput
            label="Command prefix"
            description="Prefix for text commands; slash commands always work"
            value={form.prefix}
            error={badPrefix}
            maxLength={5}
            onChange={(e) => {
              const prefix = e.currentTarget.value;
              setForm((f) => ({ ...f, prefix }));
            }}
          />
          <LanguageSelect
            label="Default language"
            description="Used for members who have not set one with /setlanguage"
            value={form.defaultLanguage}
            onChange={(defaultLanguage) => setForm((f) => ({ ...f, defaultLanguage }))}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Features
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Turn parts of the bot on or off
        </Text>
        <Switch
          label="Leveling system"
          description={
            leveling === false
              ? 'Needs the Plus plan: off on this server until it upgrades'
              : 'Members earn XP for chatting and level up'
          }
          // On a plan without leveling the switch shows what happens (off) and cannot be turned on.
          checked={leveling !== false && form.levelingEnabled}
          disabled={leveling === false}
          data-testid="leveling-switch"
          onChange={(e) => {
            const levelingEnabled = e.currentTarget.checked;
            setForm((f) => ({ ...f, levelingEnabled }));
          }}
        />
      </Card>
      <Group justify="flex-end">
        {dirty && (
          <Button variant="default" onClick={() => setForm(initial)} disabled={save.isPending}>
            Discard
          </Button>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={!dirty || badPrefix !== null}
          loading={save.isPending}
          onClick={() => save.mutate({ guildId, ...changed })}
        >
          Save Settings
        </Button>
      </Group>
    </Stack>
  );
}
