import { Button, Card, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CUSTOM_INSTRUCTIONS_CHARS } from '../../../common/translation-style/schemas';
import { errorMessage } from '../../components/admin/errorMessage';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';

/** Custom instructions and slang-aware translation (Pro): what the model is told about this server. */
export function StyleCard({ guildId }: { guildId: string | undefined }) {
  const slangUnlocked = useCapability('slang');
  const ownUnlocked = useCapability('customInstructions');
  const utils = trpc.useUtils();
  const style = trpc.translationStyle.get.useQuery({ guildId });
  const update = trpc.translationStyle.update.useMutation({
    onSuccess: (saved) => {
      utils.translationStyle.get.setData({ guildId }, saved);
      notifySuccess('Settings updated');
    },
    onError: (err) => notifyError('Could not save the setting', errorMessage(err)),
  });
  const [text, setText] = useState('');
  useEffect(() => setText(style.data?.customInstructions ?? ''), [style.data?.customInstructions]);

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Slang and custom instructions
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Tell the translator how your community talks.
      </Text>
      {slangUnlocked === false && ownUnlocked === false ? (
        <LockedFeature
          capability="slang"
          description="Keep your community's slang, jargon and emoji tone, and give the translator your own instructions."
        />
      ) : (
        <Stack gap="lg">
          <Switch
            label="Slang-aware translation"
            description="Keep register, slang, gaming jargon and emoji tone instead of formalising them"
            checked={style.data?.slang ?? false}
            disabled={!style.data || slangUnlocked === false}
            onChange={(e) => update.mutate({ guildId, slang: e.currentTarget.checked })}
          />
          <Stack gap={6}>
            <Textarea
              label="Custom instructions"
              description="For example: we are a Minecraft server; keep block names in English."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={CUSTOM_INSTRUCTIONS_CHARS}
              value={text}
              disabled={!style.data || ownUnlocked === false}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {text.length} / {CUSTOM_INSTRUCTIONS_CHARS}
              </Text>
              <Button
                size="xs"
                onClick={() => update.mutate({ guildId, customInstructions: text })}
                loading={update.isPending && update.variables?.customInstructions !== undefined}
                disabled={!style.data || text.trim() === (style.data?.customInstructions ?? '')}
              >
                Save instructions
              </Button>
            </Group>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
