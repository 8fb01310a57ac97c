import { Badge, Button, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { languageName } from '../../../common/languages';
import { useChannelName } from '../../components/admin/ChannelPicker';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete';
import { relativeTime } from '../../components/admin/relativeTime';

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
  endsAt?: Date | string | null;
  /** Where its Discord message stands: queued until Discord accepted the post. */
  delivery?: 'posted' | 'queued' | 'failed' | 'not posted';
  postError?: string | null;
}

/** The delivery badge: honest about whether the members can see the poll yet. */
function DeliveryBadge({ poll }: { poll: PollView }) {
  if (poll.delivery === 'queued')
    return (
      <Tooltip label="The bot posts it as soon as it is connected" openDelay={300}>
        <Badge color="yellow" variant="light">
          Queued
        </Badge>
      </Tooltip>
    );
  if (poll.delivery === 'failed')
    return (
      <Tooltip label={poll.postError ?? 'Discord refused the post'} openDelay={300} multiline w={260}>
        <Badge color="red" variant="light">
          Not posted: failed
        </Badge>
      </Tooltip>
    );
  if (poll.delivery === 'posted')
    return (
      <Badge color="blue" variant="light">
        Posted in Discord
      </Badge>
    );
  return null;
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
  onClose,
  closing,
}: {
  poll: PollView;
  onDelete: () => void;
  deleting: boolean;
  onClose?: () => void;
  closing?: boolean;
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
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }} lang={lang}>
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
            <DeliveryBadge poll={poll} />
            {poll.allowMultiple ? (
              <Badge variant="outline" color="gray">
                Multiple choice
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {poll.active && onClose ? (
            <Button
              size="xs"
              variant="default"
              onClick={onClose}
              loading={closing}
              aria-label={`Close poll ${question}`}
            >
              Close
            </Button>
          ) : null}
          <ConfirmDelete
            label={`Delete poll ${question}`}
            question={
              poll.delivery === 'posted'
                ? 'Delete this poll, its votes and its message in Discord?'
                : 'Delete this poll and its votes?'
            }
            onConfirm={onDelete}
            loading={deleting}
          />
        </Group>
      </Group>
      <Stack gap="sm" mt="md">
        {poll.options.map((o, i) => {
          const percent = total ? Math.round((counts[i] / total) * 100) : 0;
          const text = pick(o.text, lang);
          return (
            <div key={o.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} lang={lang}>
                  {text}
                </Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {counts[i]} {counts[i] === 1 ? 'vote' : 'votes'} · {percent}%
                </Text>
              </Group>
              <Progress.Root size="md" radius="xl">
                <Progress.Section value={percent} aria-label={`${text}: ${percent}% of votes`} />
              </Progress.Root>
            </div>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        {total} {total === 1 ? 'vote' : 'votes'}
        {poll.channelId ? ` · in ${channelName(poll.channelId)}` : ''}
        {poll.createdAt ? ` · created ${relativeTime(poll.createdAt)}` : ''}
        {poll.active && poll.endsAt ? ` · closes ${new Date(poll.endsAt).toLocaleString()}` : ''}
      </Text>
    </Card>
  );
}
