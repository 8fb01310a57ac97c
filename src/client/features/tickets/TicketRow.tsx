import { Badge, Box, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { format } from 'date-fns';
import { MemberName } from '../../components/admin';
import { ratingStars } from './CloseOutcome';
import {
  inLanguage,
  languageOf,
  PRIORITY_COLORS,
  STATUS_COLORS,
  STATUS_LABELS,
  type TicketStatus,
} from './display';
import type { Ticket } from './types';

/** One ticket of the list; the whole card opens the detail dialog. */
export function TicketRow({
  ticket: t,
  memberName,
  onOpen,
}: {
  ticket: Ticket;
  /** The member's name (useMemberNames): null when unknown, undefined while loading. */
  memberName: string | null | undefined;
  onOpen: () => void;
}) {
  const subject = inLanguage(t.subject, t.supportLanguage, t.userLanguage);
  const description = inLanguage(t.description, t.supportLanguage, t.userLanguage);
  return (
    // Named by what it shows (subject, priority, description, status…), so speech input finds it by its text.
    <UnstyledButton onClick={onOpen} data-testid="ticket-row" w="100%">
      <Card withBorder padding="md" radius="md" className="ticket-row">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Box
            mt={7}
            w={10}
            h={10}
            style={{
              borderRadius: '50%',
              flex: 'none',
              background: `var(--mantine-color-${STATUS_COLORS[t.status]}-6)`,
            }}
            aria-hidden
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
                lang={languageOf(t.subject, t.supportLanguage, t.userLanguage)}
              >
                {subject}
              </Text>
              <Badge size="sm" color={PRIORITY_COLORS[t.priority] ?? 'gray'} variant="light">
                {t.priority}
              </Badge>
              {t.category && (
                <Badge size="sm" variant="outline" color="gray">
                  {t.category}
                </Badge>
              )}
              {t.claimedBy && (
                <Badge
                  size="sm"
                  variant="light"
                  color="teal"
                  tt="none"
                  aria-label={`Claimed by ${t.claimedByName ?? 'a staff member'}`}
                >
                  🛡️ {t.claimedByName ?? 'Claimed'}
                </Badge>
              )}
              {t.rating !== null && (
                <Badge size="sm" variant="light" color="yellow" aria-label={`Rated ${t.rating} out of 5`}>
                  {ratingStars(t.rating)}
                </Badge>
              )}
            </Group>
            <Text
              size="sm"
              c="dimmed"
              lineClamp={2}
              style={{ overflowWrap: 'anywhere' }}
              lang={languageOf(t.description, t.supportLanguage, t.userLanguage)}
            >
              {description}
            </Text>
            <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
              <Text size="xs" fw={500} c={STATUS_COLORS[t.status]}>
                {STATUS_LABELS[t.status as TicketStatus] ?? t.status}
              </Text>
              <Text size="xs" c="dimmed" span>
                <MemberName id={t.userId} name={memberName} />
              </Text>
              <Text size="xs" c="dimmed">
                Language: {t.userLanguage.toUpperCase()}
              </Text>
              <Text size="xs" c="dimmed">
                {format(t.createdAt, 'MMM d, h:mm a')}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
