import type { RouterOutputs } from '../../lib/router-types';

export type ContactMessage = RouterOutputs['contact']['list']['messages'][number];

export const TYPE_LABELS: Record<string, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  support: 'Technical Support',
  other: 'Other',
};

export const TYPE_COLORS: Record<string, string> = {
  bug: 'red',
  feature: 'violet',
  support: 'blue',
  other: 'gray',
};

/** "Reply by email": the sender's address, the subject as Re:, and the message quoted. */
export function replyMailto(m: Pick<ContactMessage, 'email' | 'subject' | 'message' | 'name'>): string {
  const quoted = m.message
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const body = `Hello ${m.name},\n\n\n\n${quoted}`;
  return `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}&body=${encodeURIComponent(body)}`;
}

/** The email forward as the operator needs to know it: forwarded, failing (retried), or not configured. */
export function forwardState(
  m: Pick<ContactMessage, 'forwardedAt' | 'forwardError' | 'forwardAttempts' | 'nextForwardAt'>,
  forwarding: boolean,
): { label: string; color: string } | null {
  if (m.forwardedAt) return { label: 'Forwarded by email', color: 'green' };
  if (!forwarding) return null;
  if (m.forwardError)
    return {
      label: `Email failed (${m.forwardAttempts}×): ${m.forwardError}. Retried automatically`,
      color: 'red',
    };
  return { label: 'Email queued', color: 'yellow' };
}

/** "40 min", "2 h", "3 d": a span of time as the inbox shows it (rounded up to the whole unit). */
function span(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}

/** "due in 40 min" / "overdue by 2 h" for a message with a reply target; null without one. */
export function dueLabel(replyDueAt: Date | null, now: Date): { label: string; overdue: boolean } | null {
  if (!replyDueAt) return null;
  const left = replyDueAt.getTime() - now.getTime();
  return left >= 0
    ? { label: `due in ${span(left)}`, overdue: false }
    : { label: `overdue by ${span(-left)}`, overdue: true };
}

export const PLAN_COLORS: Record<string, string> = {
  free: 'gray',
  plus: 'teal',
  pro: 'blurple',
  ultimate: 'violet',
};
