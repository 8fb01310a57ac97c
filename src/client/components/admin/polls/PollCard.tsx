import { Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { languageName } from '../../../../common/languages';
import { useChannelName } from '../ChannelPicker';
import { ConfirmDelete } from '../ConfirmDelete';
import { relativeTime } from '../relativeTime';

type LangText = Record<string, string>;

export interface PollView {
  id: number;
  question: LangText;
  options: { id: string; text: LangText }[];
  votes: Record<string, string[]>;
  allowMultiple: boolean;
  active: boolean;
  channelId: string;
  createdAt?: Date | string | null;
}

/** The text of a language map in `lang`, else its first entry. */
export function pick(text: LangText, lang?: string): string {
  if (lang && text[lang]) return text[lang];
  return Object.values(text)[0] ?? '';
}

/** A poll: question, each option with a vote bar and count, Active/Closed, Delete. */
export function PollCard({
  poll,
  onDelete,
  deleting,
}: {
  poll: PollView;
  onDelete: () => void;
  deleting: boolean;
}) {
  const channelName = useChannelName();
  const lang = Object.keys(poll.question)[0];
  const languageCount = Object.keys(poll.question).length;
  const counts = poll.options.map((o) => poll.votes[o.id]?.length ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const question = pick(poll.question, lang);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="poll" aria-label={`Poll ${question}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {question}
          </Text>
          <Group gap={6}>
            <Badge color={poll.active ? 'teal' : 'gray'} variant="light">
              {poll.active ? 'Active' : 'Closed'}
            </Badge>
            {lang ? (
              <Tooltip
                label={`Also in ${Object.keys(poll.question).slice(1).map(languageName).join(', ')}`}
                disabled={languageCount < 2}
                openDelay={300}
              >
                <Badge variant="outline" color="gray">
                  {languageCount > 1
                    ? `${languageName(lang)} + ${languageCount - 1} more`
                    : languageName(lang)}
                </Badge>
              </Tooltip>
            ) : null}
            {poll.allowMultiple ? (
              <Badge variant="outline" color="gray">
                Multiple choice
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <ConfirmDelete
          label={`Delete poll ${question}`}
          question="Delete this poll and its votes?"
          onConfirm={onDelete}
          loading={deleting}
        />
      </Group>
      <Stack gap="sm" mt="md">
        {poll.options.map((o, i) => {
          const percent = total ? Math.round((counts[i] / total) * 100) : 0;
          const text = pick(o.text, lang);
          return (
            <div key={o.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {text}
                </Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {counts[i]} {counts[i] === 1 ? 'vote' : 'votes'} · {percent}%
                </Text>
              </Group>
              <Progress value={percent} size="md" radius="xl" aria-label={`${text}: ${percent}% of votes`} />
            </div>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        {total} {total === 1 ? 'vote' : 'votes'}
        {poll.channelId ? ` · in ${channelName(poll.channelId)}` : ''}
        {poll.createdAt ? ` · created ${relativeTime(poll.createdAt)}` : ''}
      </Text>
    </Card>
  );
}
