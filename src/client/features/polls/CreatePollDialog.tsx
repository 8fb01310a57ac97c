import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { errorMessage } from '../../components/admin/errorMessage';
import { LanguageSelect } from '../../components/admin/LanguageSelect';

/** Spec section 5: disabled while the question is empty or fewer than 2 options are filled in. */
export function canCreatePoll(question: string, options: string[]): boolean {
  return question.trim() !== '' && options.filter((o) => o.trim() !== '').length >= 2;
}

/** Blank options dropped; ids opt-1, opt-2, ... in order. */
export function pollOptions(options: string[], language: string) {
  return options
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((text, i) => ({ id: `opt-${i + 1}`, text: { [language]: text } }));
}

const blank = () => ['', ''];

/** The Create Multilingual Poll dialog. */
export function CreatePollDialog({
  opened,
  onClose,
  guildId,
}: {
  opened: boolean;
  onClose: () => void;
  guildId: string | undefined;
}) {
  const [question, setQuestion] = useState('');
  const [language, setLanguage] = useState('en');
  const [channelId, setChannelId] = useState('');
  const [options, setOptions] = useState<string[]>(blank);
  const [allowMultiple, setAllowMultiple] = useState(false);
  const utils = trpc.useUtils();
  const reset = () => {
    setQuestion('');
    setLanguage('en');
    setChannelId('');
    setOptions(blank());
    setAllowMultiple(false);
  };
  const create = trpc.polls.create.useMutation({
    onSuccess: (poll) => {
      notifySuccess(
        'Poll created',
        poll?.delivery === 'queued'
          ? 'Queued: the bot posts it in Discord as soon as it is connected.'
          : 'Not posted in Discord: no channel was chosen.',
      );
      reset();
      onClose();
    },
    onError: (err) => notifyError('Could not create the poll', errorMessage(err)),
    onSettled: () => utils.polls.list.invalidate(),
  });
  const valid = canCreatePoll(question, options);

  const submit = () => {
    if (!valid) return;
    create.mutate({
      guildId,
      channelId: channelId.trim(),
      question: { [language]: question.trim() },
      options: pollOptions(options, language),
      allowMultiple,
      createdBy: 'admin',
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create Multilingual Poll" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Write the poll in one language; members see it translated into their own.
          </Text>
          <TextInput
            label="Question"
            placeholder="What should our next event be?"
            required
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LanguageSelect label="Written in" value={language} onChange={setLanguage} />
            <ChannelPicker label="Post in channel (optional)" value={channelId} onChange={setChannelId} />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Options
            </Text>
            {options.map((option, i) => (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
                key={i}
                gap="xs"
                wrap="nowrap"
              >
                <TextInput
                  aria-label={`Option ${i + 1}`}
                  placeholder={`Option ${i + 1}`}
                  value={option}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setOptions((os) => os.map((o, j) => (j === i ? v : o)));
                  }}
                  style={{ flex: 1 }}
                />
                {options.length > 2 ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Remove option ${i + 1}`}
                    onClick={() => setOptions((os) => os.filter((_, j) => j !== i))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setOptions((os) => [...os, ''])}
              style={{ alignSelf: 'flex-start' }}
            >
              Add option
            </Button>
          </Stack>
          <Switch
            label="Allow Multiple Choices"
            description="Members may vote for more than one option"
            checked={allowMultiple}
            onChange={(e) => setAllowMultiple(e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={create.isPending}>
              Create Poll
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
