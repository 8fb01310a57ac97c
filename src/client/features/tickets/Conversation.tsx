import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { format } from 'date-fns';
import { Fragment } from 'react';
import { languageName } from '../../../common/languages';
import { MemberName, useMemberNames } from '../../components/admin';
import { deliveryState, messageView, noteParts } from './display';
import type { TicketMessage } from './types';

interface Props {
  messages: TicketMessage[];
  supportLanguage: string;
  userLanguage: string;
  /** Names the ticket already holds (its claimer's), by Discord id. */
  knownNames?: Record<string, string>;
}

/** A bot note ("<@id> … **#4**") with the member's name and bold text instead of the markup. */
function NoteText({ text, nameOf }: { text: string; nameOf: (id: string) => string | null | undefined }) {
  // Keyed by where each part starts in the text (one fixed text: the parts never move).
  let at = 0;
  return noteParts(text).map((part) => {
    const key = at;
    at += part.kind === 'mention' ? part.id.length + 3 : part.text.length + (part.kind === 'bold' ? 4 : 0);
    if (part.kind === 'mention') return <MemberName key={key} id={part.id} name={nameOf(part.id)} />;
    if (part.kind === 'bold') return <b key={key}>{part.text}</b>;
    return <Fragment key={key}>{part.text}</Fragment>;
  });
}

/** The ticket's messages, each in the support language with the original beneath when it differs. */
export function Conversation({ messages, supportLanguage, userLanguage, knownNames = {} }: Props) {
  const mentioned = messages.flatMap((m) =>
    m.kind === 'status' ? noteParts(m.originalText).flatMap((p) => (p.kind === 'mention' ? [p.id] : [])) : [],
  );
  const synced = useMemberNames(mentioned.filter((id) => !knownNames[id]));
  const nameOf = (id: string) => knownNames[id] ?? synced(id);
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No messages yet
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {messages.map((m) => {
        const delivery = deliveryState(m);
        if (m.kind === 'status') {
          return (
            <Group key={m.id} justify="center" gap="xs" data-testid="ticket-status-note">
              <Text size="xs" c="dimmed">
                <NoteText text={m.originalText} nameOf={nameOf} /> · {format(m.createdAt, 'MMM d, h:mm a')}
              </Text>
              {delivery && (
                <Badge size="xs" variant="light" color={delivery.color} title={delivery.title}>
                  {delivery.label}
                </Badge>
              )}
            </Group>
          );
        }
        const view = messageView(m, supportLanguage);
        const sentToUser =
          m.isStaff && userLanguage !== m.originalLanguage ? m.translations[userLanguage] : undefined;
        return (
          <Paper
            key={m.id}
            withBorder
            p="sm"
            radius="md"
            bg={m.isStaff ? 'var(--mantine-primary-color-light)' : undefined}
            ml={m.isStaff ? { base: 0, sm: 'xl' } : 0}
            mr={m.isStaff ? 0 : { base: 0, sm: 'xl' }}
            data-testid="ticket-message"
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {m.isStaff ? 'Support Team' : `User (${userLanguage.toUpperCase()})`}
                </Text>
                {m.isStaff && m.translated === false && (
                  <Badge size="xs" color="orange" variant="light">
                    Not translated: sent in English
                  </Badge>
                )}
                {delivery && (
                  <Badge
                    size="xs"
                    color={delivery.color}
                    variant="light"
                    title={delivery.title}
                    data-testid="delivery-state"
                    style={{ maxWidth: '100%', textTransform: 'none' }}
                  >
                    {delivery.label}
                  </Badge>
                )}
                {!m.isStaff && view.untranslated && (
                  <Badge size="xs" color="orange" variant="light">
                    Not translated
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {format(m.createdAt, 'MMM d, h:mm a')}
              </Text>
            </Group>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              lang={view.untranslated ? m.originalLanguage : supportLanguage}
            >
              {view.text}
            </Text>
            {view.original && (
              <Box mt={6} pt={6} style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}>
                <Text size="xs" c="dimmed">
                  Original ({languageName(view.original.language)}):
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  lang={view.original.language}
                >
                  {view.original.text}
                </Text>
              </Box>
            )}
            {sentToUser && (
              <Box mt={6} pt={6} style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}>
                <Text size="xs" c="dimmed">
                  Sent to the user in {languageName(userLanguage)}:
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  lang={userLanguage}
                >
                  {sentToUser}
                </Text>
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
