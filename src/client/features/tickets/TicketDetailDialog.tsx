import {
  Alert,
  Badge,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { languageName } from '../../../common/languages';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ClaimBar } from './ClaimBar';
import { CloseOutcome, CloseReasonForm } from './CloseOutcome';
import { Conversation } from './Conversation';
import {
  inLanguage,
  languageOf,
  PRIORITY_COLORS,
  STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from './display';
import { ReplyBox } from './ReplyBox';
import { TranscriptLinks } from './TranscriptLinks';
import { keyboardPick } from '../../components/admin/keyboard-pick';

interface Props {
  ticketId: number | null;
  onClose: () => void;
}

/** 'Ticket Details': the ticket in the support language, its status, the conversation and a reply box. */
export function TicketDetailDialog({ ticketId, onClose }: Props) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  // The conversation updates while open: new member messages and delivery states every 3 s.
  const ticket = trpc.tickets.get.useQuery(
    { guildId, id: ticketId ?? 0 },
    { enabled: ticketId !== null, refetchInterval: 3000, refetchIntervalInBackground: false },
  );
  const update = trpc.tickets.update.useMutation({
    onSuccess: () => {
      notifySuccess('Ticket updated!', 'Status has been changed; the member is told in their language.');
      void utils.tickets.list.invalidate();
      void utils.tickets.stats.invalidate();
      void utils.tickets.get.invalidate();
    },
    onError: (err) => notifyError('Failed to update ticket', errorMessage(err)),
  });
  // Closed was chosen: the reason form shows before the ticket closes.
  const [closing, setClosing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another ticket opened: no close form left over
  useEffect(() => setClosing(false), [ticketId]);

  useEffect(() => {
    if (ticket.error) notifyError('Failed to fetch ticket', errorMessage(ticket.error));
  }, [ticket.error]);

  const t = ticket.data;
  return (
    <Modal
      opened={ticketId !== null}
      onClose={onClose}
      size="xl"
      title={
        <Stack gap={0}>
          <Title order={3}>Ticket Details</Title>
          <Text size="sm" c="dimmed">
            View and respond to support ticket
          </Text>
        </Stack>
      }
    >
      {ticket.isLoading && (
        <Stack>
          <Skeleton height={24} width="60%" />
          <Skeleton height={60} />
          <Skeleton height={120} />
        </Stack>
      )}
      {ticket.error && (
        <Alert color="red" title="Failed to fetch ticket">
          {errorMessage(ticket.error)}
        </Alert>
      )}
      {t && (
        <Stack gap="md">
          <div>
            <Title
              order={4}
              style={{ overflowWrap: 'anywhere' }}
              lang={languageOf(t.subject, t.supportLanguage, t.userLanguage)}
            >
              {inLanguage(t.subject, t.supportLanguage, t.userLanguage)}
            </Title>
            <Text
              size="sm"
              mt={4}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              lang={languageOf(t.description, t.supportLanguage, t.userLanguage)}
            >
              {inLanguage(t.description, t.supportLanguage, t.userLanguage)}
            </Text>
          </div>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group gap="xs">
              <Badge color={PRIORITY_COLORS[t.priority] ?? 'gray'} variant="light">
                Priority: {t.priority}
              </Badge>
              {t.category && (
                <Badge variant="outline" color="gray">
                  {t.category}
                </Badge>
              )}
              <Badge variant="light" color="violet">
                {languageName(t.userLanguage)}
              </Badge>
            </Group>
            <Select
              {...keyboardPick(closing ? 'closed' : t.status)}
              label="Status"
              w={180}
              data={TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              value={closing ? 'closed' : t.status}
              allowDeselect={false}
              disabled={update.isPending}
              comboboxProps={{ withinPortal: true }}
              onChange={(value) => {
                if (!value || value === t.status) return setClosing(false);
                const status = value as TicketStatus;
                if (status === 'closed') return setClosing(true);
                setClosing(false);
                update.mutate({
                  guildId,
                  id: t.id,
                  status,
                  ...(status === 'resolved' ? { resolvedAt: new Date() } : {}),
                });
              }}
            />
          </Group>
          {closing && t.status !== 'closed' && (
            <CloseReasonForm
              pending={update.isPending}
              onCancel={() => setClosing(false)}
              onClose={(reason) =>
                update.mutate(
                  { guildId, id: t.id, status: 'closed', ...(reason ? { closeReason: reason } : {}) },
                  { onSuccess: () => setClosing(false) },
                )
              }
            />
          )}
          <CloseOutcome ticket={t} />
          <ClaimBar ticket={t} />
          <TranscriptLinks ticketId={t.id} />
          {t.intake.length > 0 && (
            <Stack gap={4} data-testid="ticket-intake">
              <Divider label="Intake answers" labelPosition="left" />
              {t.intake.map((a) => (
                <Text key={a.question} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {a.question}
                  </Text>{' '}
                  {inLanguage(a.answer, t.supportLanguage, t.userLanguage)}
                </Text>
              ))}
            </Stack>
          )}
          <Divider label="Conversation" labelPosition="left" />
          <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
            <Conversation
              messages={t.messages}
              supportLanguage={t.supportLanguage}
              userLanguage={t.userLanguage}
              knownNames={t.claimedBy && t.claimedByName ? { [t.claimedBy]: t.claimedByName } : {}}
            />
          </ScrollArea.Autosize>
          <Divider />
          <ReplyBox
            ticketId={t.id}
            userLanguage={t.userLanguage}
            closed={t.status === 'closed'}
            onClose={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}
