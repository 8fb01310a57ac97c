import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { languageName } from '../../../common/languages';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/** Spec section 6: staff replies are posted under this fixed user id. */
export const SUPPORT_USER_ID = 'support-team';

interface Props {
  ticketId: number | null;
  userLanguage: string | undefined;
  /** A closed ticket takes no reply (reopen it first). */
  closed?: boolean;
  onClose: () => void;
}

/** Discord's limit for one message (the server refuses longer replies). */
export const REPLY_MAX = 2000;

/** 'Reply to User': written in English, translated by the server into the member's language. */
export function ReplyBox({ ticketId, userLanguage, closed = false, onClose }: Props) {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const reply = trpc.tickets.reply.useMutation({
    onSuccess: (stored) => {
      // Stored now; the bot posts it on Discord (the conversation shows queued, delivered or failed).
      // "Translated" only when it was: same language needs none, a failed translation is said.
      const sameLanguage = userLanguage !== undefined && stored.originalLanguage === userLanguage;
      notifySuccess(
        'Reply saved',
        !stored.translated
          ? 'Not translated (translation is unavailable right now): the bot posts it as written; its delivery state shows below.'
          : sameLanguage
            ? 'The bot posts it to the user as written (it is already in their language); its delivery state shows below.'
            : `The bot posts it to the user, translated into ${target}; its delivery state shows below.`,
      );
      setText('');
      void utils.tickets.get.invalidate();
      void utils.tickets.stats.invalidate();
    },
    onError: (err) => notifyError('Failed to send reply', errorMessage(err)),
  });
  const target = userLanguage ? languageName(userLanguage) : "the user's language";
  const tooLong = text.trim().length > REPLY_MAX;
  const disabled = !text.trim() || tooLong || closed || ticketId === null || reply.isPending;

  return (
    <>
      <Textarea
        label="Reply to User"
        placeholder={`Type your reply in English... it will be auto-translated to ${target}`}
        description={
          closed
            ? 'This ticket is closed. Set its status to Open to reply.'
            : `Your message is sent in English and automatically translated to the user's language (${target}). ${text.trim().length}/${REPLY_MAX}`
        }
        error={
          tooLong
            ? `At most ${REPLY_MAX} characters (Discord's limit): shorten it or send it in two replies.`
            : undefined
        }
        disabled={closed}
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
