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
