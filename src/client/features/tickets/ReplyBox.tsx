import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName } from '../../../common/languages';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyDelivery } from '../../lib/delivery';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../trpc';

/** Spec section 6: staff replies are posted under this fixed user id. */
export const SUPPORT_USER_ID = 'support-team';

interface Props {
  ticketId: number | null;
  userLanguage: string | undefined;
  onClose: () => void;
}

/** 'Reply to User': written in English, translated by the server into the member's language. */
export function ReplyBox({ ticketId, userLanguage, onClose }: Props) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const reply = trpc.tickets.reply.useMutation({
    onSuccess: (m) => {
      notifyDelivery(
        'Reply',
        m.delivery ?? 'queued',
        'sent',
        m.delivery === 'delivered' ? 'The member has it in their language.' : undefined,
      );
      setText('');
      void utils.tickets.get.invalidate();
    },
    onError: (err) => notifyError('Failed to send reply', errorMessage(err)),
  });
  const target = userLanguage ? languageName(userLanguage) : "the user's language";
  const disabled = !text.trim() || ticketId === null || reply.isPending;

  return (
    <>
      <Textarea
        label="Reply to User"
        placeholder={`Type your reply in English... it will be auto-translated to ${target}`}
        description={`Your message is sent in English and automatically translated to the user's language (${target}).`}
        autosize
        minRows={3}
        maxRows={8}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          leftSection={<IconSend size={14} />}
          disabled={disabled}
          loading={reply.isPending}
          onClick={() => {
            if (ticketId === null || !text.trim()) return;
            reply.mutate({
              guildId,
              id: ticketId,
              userId: SUPPORT_USER_ID,
              messageId: String(Date.now()),
              originalText: text.trim(),
              originalLanguage: 'en',
              isStaff: true,
            });
          }}
        >
          Send Reply
        </Button>
      </Group>
    </>
  );
}
