import { Card, SimpleGrid, Stack, Switch, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGES } from '../../../common/languages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage, fieldErrors } from '../../components/admin/errorMessage';
import { LanguageSelect } from '../../components/admin/LanguageSelect';
import { RolePicker } from '../../components/admin/RolePicker';
import { useDebouncedSave } from '../../components/admin/useDebouncedSave';
import { WelcomePreview } from './WelcomePreview';

export interface WelcomeConfig {
  enabled: boolean;
  messages: Record<string, string>;
  channelId: string;
  roleId: string;
}

/** The map with `lang` set to `text`, or without `lang` when the text is blank. */
export function withTemplate(messages: Record<string, string>, lang: string, text: string) {
  const next = { ...messages };
  if (text.trim() === '') delete next[lang];
  else next[lang] = text;
  return next;
}

/** Welcome Messages tab: each change is saved as it is made (text fields when typing pauses). */
export function WelcomeForm({ guildId, initial }: { guildId: string | undefined; initial: WelcomeConfig }) {
  const [form, setForm] = useState(initial);
  const firstLang = Object.keys(initial.messages)[0] ?? 'en';
  const [lang, setLang] = useState(firstLang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const update = trpc.welcome.update.useMutation({
    onSuccess: (saved) => {
      utils.welcome.get.setData({ guildId }, saved);
      setErrors({});
      notifySuccess('Welcome settings updated');
    },
    onError: (err) => {
      setErrors(fieldErrors(err));
      notifyError('Could not save the welcome settings', errorMessage(err));
    },
  });
  const { queue, flush } = useDebouncedSave<WelcomeConfig>((patch) => update.mutate({ guildId, ...patch }));

  const change = (patch: Partial<WelcomeConfig>, now = false) => {
    setForm((f) => ({ ...f, ...patch }));
    queue(patch);
    if (now) flush();
  };

  const languages = [...new Set([...LANGUAGES.map((l) => l.code), ...Object.keys(form.messages)])];
  const template = form.messages[lang] ?? '';

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Switch
          label="Enable welcome messages"
          description="Greet new members in the welcome channel when they join"
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.currentTarget.checked }, true)}
        />
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <LanguageSelect
              label="Template language"
              description="Write it once: members get the template of their language when there is one, else it is translated for them"
              languages={languages}
              value={lang}
              onChange={(l) => {
                flush();
                setLang(l);
              }}
            />
            <ChannelPicker
              label="Welcome channel"
              description="Where the welcome message is posted"
              value={form.channelId}
              error={errors.channelId}
              onChange={(channelId) => change({ channelId }, true)}
            />
          </SimpleGrid>
          <Textarea
            label="Message template"
            description="Use {user} to mention the new member"
            placeholder="Welcome to the server, {user}! Set your language with /setlanguage."
            autosize
            minRows={3}
            maxRows={10}
            value={template}
            // The template is written in the picked language (spell checking, screen reader voice).
            lang={lang}
            onChange={(e) => change({ messages: withTemplate(form.messages, lang, e.currentTarget.value) })}
          />
          <RolePicker
            kind="assignable"
            label="Auto-assign role"
            description="Optional: a role every new member receives (one below the bot's own role)"
            placeholder="No role"
            clearable
            value={form.roleId}
            error={errors.roleId}
            onChange={(roleId) => change({ roleId }, true)}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Preview
        </Title>
        <WelcomePreview template={template} />
      </Card>
    </Stack>
  );
}
