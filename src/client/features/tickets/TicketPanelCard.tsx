import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  TICKET_CATEGORIES_MAX,
  TICKET_CATEGORY_NAME_MAX_LENGTH,
  TICKET_QUESTION_MAX_LENGTH,
  TICKET_QUESTIONS_MAX,
} from '../../../common/tickets/schemas';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

interface Category {
  /** A key for the list while editing (never sent). */
  key: number;
  name: string;
  questions: string[];
}

let nextKey = 0;
/** The question slots of a category (fixed: Discord's form holds 3 besides subject and description). */
const SLOTS = Array.from({ length: TICKET_QUESTIONS_MAX }, (_, i) => ({ id: `question-${i + 1}`, i }));

/**
 * The ticket panel: the categories (a button each on the panel) with their intake questions, and
 * Post panel in a text channel of the server (the bot posts it).
 */
export function TicketPanelCard() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const settings = trpc.tickets.settings.useQuery({ guildId });
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'text' });
  const [categories, setCategories] = useState<Category[]>([]);
  const [channelId, setChannelId] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setCategories(settings.data.categories.map((c) => ({ ...c, key: nextKey++ })));
  }, [settings.data]);
  const save = trpc.tickets.updateSettings.useMutation({
    onSuccess: () => {
      notifySuccess('Categories saved', 'Post the panel again to show the new buttons.');
      void utils.tickets.settings.invalidate();
    },
    onError: (err) => notifyError('Failed to save categories', errorMessage(err)),
  });
  const post = trpc.tickets.postPanel.useMutation({
    onSuccess: () => notifySuccess('Panel queued', 'The bot posts it in the channel.'),
    onError: (err) => notifyError('Failed to post the panel', errorMessage(err)),
  });
  const change = (i: number, next: Category | null) =>
    setCategories((list) =>
      next ? list.map((c, j) => (j === i ? next : c)) : list.filter((_, j) => j !== i),
    );
  const cleaned = categories.map((c) => ({ name: c.name, questions: c.questions.filter((q) => q.trim()) }));

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Panel and categories
          </Title>
          <Text size="sm" c="dimmed">
            The panel is a message with a button per category. A member pressing one answers its questions in
            their own language; you read the answers translated on the ticket.
          </Text>
        </div>
        {categories.map((c, i) => (
          <Card key={c.key} withBorder padding="sm" radius="sm" data-testid="ticket-category">
            <Stack gap={6}>
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={`Category ${i + 1}`}
                  value={c.name}
                  maxLength={TICKET_CATEGORY_NAME_MAX_LENGTH}
                  onChange={(e) => change(i, { ...c, name: e.currentTarget.value })}
                  w={{ base: '100%', sm: 240 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove category ${c.name || i + 1}`}
                  onClick={() => change(i, null)}
                >
                  ✕
                </ActionIcon>
              </Group>
              {SLOTS.map(({ id, i: q }) => (
                <TextInput
                  key={id}
                  label={`Question ${q + 1} (optional)`}
                  value={c.questions[q] ?? ''}
                  maxLength={TICKET_QUESTION_MAX_LENGTH}
                  onChange={(e) => {
                    const questions = [...c.questions];
                    questions[q] = e.currentTarget.value;
                    change(i, { ...c, questions });
                  }}
                />
              ))}
            </Stack>
          </Card>
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            // Not before the saved categories arrive: they replace the list when they do.
            disabled={settings.isLoading || categories.length >= TICKET_CATEGORIES_MAX}
            onClick={() => setCategories((list) => [...list, { key: nextKey++, name: '', questions: [] }])}
          >
            Add category
          </Button>
          <Button
            loading={save.isPending}
            disabled={settings.isLoading}
            onClick={() => save.mutate({ guildId, categories: cleaned })}
          >
            Save categories
          </Button>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            {...keyboardPick(channelId)}
            label="Post the panel in"
            placeholder="Pick a text channel"
            data={(channels.data ?? []).map((ch) => ({ value: ch.id, label: `#${ch.name}` }))}
            value={channelId}
            onChange={setChannelId}
            searchable
            w={{ base: '100%', sm: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            loading={post.isPending}
            disabled={!channelId}
            onClick={() => channelId && post.mutate({ guildId, channelId })}
          >
            Post panel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
