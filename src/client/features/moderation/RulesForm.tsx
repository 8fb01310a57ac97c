import { Anchor, Badge, Card, Group, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type Capability, unlockingPlan } from '../../../common/plans';
import { BANNED_WORD_MAX, BANNED_WORDS_MAX } from '../../../common/moderation/schemas';
import { useCapability } from '../billing/useCapability';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage, fieldErrors } from '../../components/admin/errorMessage';
import { useDebouncedSave } from '../../components/admin/useDebouncedSave';

export interface ModerationRules {
  spamDetection: boolean;
  contentFiltering: boolean;
  bannedWords: string[];
  autoDelete: boolean;
  logChannelId: string;
  scamDetection: boolean;
}

type SwitchKey = 'spamDetection' | 'contentFiltering' | 'scamDetection' | 'autoDelete';

const SWITCHES: { key: SwitchKey; label: string; description: string; capability?: Capability }[] = [
  {
    key: 'spamDetection',
    label: 'Spam detection',
    description: 'Floods, repeated messages, mass mentions and invite links to other servers',
    capability: 'moderation',
  },
  {
    key: 'contentFiltering',
    label: 'Content filtering',
    description:
      'AI check for toxicity and harassment in every language, answered in the same call as the translation',
    capability: 'aiModeration',
  },
  {
    key: 'scamDetection',
    label: 'Scam and phishing detection',
    description: 'Look-alike Discord, Steam and wallet links, masked links and free Nitro lures',
    capability: 'scamDetection',
  },
  {
    key: 'autoDelete',
    label: 'Auto delete',
    description: 'Delete flagged messages and their translated copies instead of only reporting them',
  },
];

/** One rule switch; a layer the plan does not include is shown off and locked, naming the plan. */
function RuleSwitch({
  label,
  description,
  capability,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  capability?: Capability;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const unlocked = useCapability(capability ?? 'moderation');
  if (capability && unlocked === false) {
    const plan = unlockingPlan(capability);
    return (
      <Switch
        disabled
        checked={false}
        onChange={() => {}}
        label={
          <Group gap={6}>
            <span>{label}</span>
            <Badge size="sm" variant="light" color="grape" leftSection={<IconLock size={11} aria-hidden />}>
              {plan.name}
            </Badge>
          </Group>
        }
        description={
          <>
            {description}. Needs the {plan.name} plan.{' '}
            <Anchor component={Link} to="/admin/settings" search={true} hash="plan" size="xs">
              Upgrade to {plan.name}
            </Anchor>
          </>
        }
        data-testid={`locked-${capability}`}
      />
    );
  }
  return (
    <Switch
      label={label}
      description={description}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

/** The rule switches, banned words and log channel; each change is saved as it is made. */
export function RulesForm({ guildId, initial }: { guildId: string | undefined; initial: ModerationRules }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const update = trpc.moderation.updateRules.useMutation({
    onSuccess: (saved) => {
      utils.moderation.getRules.setData({ guildId }, saved);
      setErrors({});
      notifySuccess('Moderation rules updated');
    },
    onError: (err) => {
      setErrors(fieldErrors(err));
      notifyError('Could not save the moderation rules', errorMessage(err));
    },
  });
  const { queue, flush } = useDebouncedSave<ModerationRules>((patch) => update.mutate({ guildId, ...patch }));
  const change = (patch: Partial<ModerationRules>, now = false) => {
    setForm((f) => ({ ...f, ...patch }));
    queue(patch);
    if (now) flush();
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Rules
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What the bot watches for. Changes are saved as you make them; the bot starts moderating once the rules
        have been saved here.
      </Text>
      <Stack gap="lg">
        {SWITCHES.map((s) => (
          <RuleSwitch
            key={s.key}
            label={s.label}
            description={s.description}
            capability={s.capability}
            checked={form[s.key]}
            onChange={(on) => change({ [s.key]: on }, true)}
          />
        ))}
        <TagsInput
          label="Banned words"
          description={`Found whole-word in any script, through leetspeak, look-alike letters, repeated letters and spacing. Press Enter or comma after each word (up to ${BANNED_WORDS_MAX}, ${BANNED_WORD_MAX} characters each).`}
          maxTags={BANNED_WORDS_MAX}
          placeholder={form.bannedWords.length ? '' : 'Add a word'}
          value={form.bannedWords}
          onChange={(bannedWords) => change({ bannedWords }, true)}
          clearable
          splitChars={[',']}
        />
        <ChannelPicker
          label="Log channel"
          description="Where moderation actions are reported"
          value={form.logChannelId}
          error={errors.logChannelId}
          onChange={(logChannelId) => change({ logChannelId }, true)}
        />
      </Stack>
    </Card>
  );
}
