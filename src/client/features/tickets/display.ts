import type { LangText } from '../../../../db/schema';
import { formatDuration } from '../../lib/duration';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const STATUS_COLORS: Record<string, string> = {
  open: 'blue',
  in_progress: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

export const PRIORITY_COLORS: Record<string, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/**
 * A ticket text in the support language, falling back to the user's language, then to any
 * language the map holds (spec section 2).
 */
export function inLanguage(text: LangText | null | undefined, preferred: string, fallback: string): string {
  if (!text) return '';
  return text[preferred] ?? text[fallback] ?? Object.values(text)[0] ?? '';
}

/** The language of what inLanguage picks (for the `lang` of the text shown). */
export function languageOf(text: LangText | null | undefined, preferred: string, fallback: string): string {
  if (!text) return preferred;
  if (text[preferred] !== undefined) return preferred;
  if (text[fallback] !== undefined) return fallback;
  return Object.keys(text)[0] ?? preferred;
}

export interface MessageLike {
  originalText: string;
  originalLanguage: string;
  translations: LangText;
  isStaff: boolean;
  translated?: boolean;
}

/**
 * How a conversation message is shown to support: its text in the support language, and the
 * original with its language beneath when the two languages differ.
 */
export function messageView(m: MessageLike, supportLanguage: string) {
  const same = m.originalLanguage === supportLanguage;
  const shown = same ? m.originalText : (m.translations[supportLanguage] ?? m.originalText);
  const hasTranslation = same || m.translations[supportLanguage] !== undefined;
  return {
    text: shown,
    original: same || !hasTranslation ? null : { text: m.originalText, language: m.originalLanguage },
    /** The support-language text is missing: what is shown is the original (in originalLanguage). */
    untranslated: !hasTranslation,
  };
}

export interface DeliveryLike {
  isStaff: boolean;
  deliveredAt: Date | string | null;
  deliveryError?: string | null;
  source?: string;
}

/**
 * Where a staff message or announcement stands on Discord: delivered (the bot posted it), queued
 * (the bot is offline or busy: it goes out when it connects) or failed (kept, retried when the
 * bot reconnects). null for what the member wrote.
 */
export function deliveryState(m: DeliveryLike): { label: string; color: string; title?: string } | null {
  if (!m.isStaff) return null;
  if (m.deliveredAt)
    return { label: m.source === 'discord' ? 'Written in Discord' : 'Delivered', color: 'green' };
  if (m.deliveryError)
    return {
      label: `Failed: ${m.deliveryError}`,
      color: 'red',
      title: 'Kept and retried when the bot reconnects',
    };
  return { label: 'Queued: delivered when the bot connects', color: 'yellow' };
}

/** Average response in ms as the stat card shows it ('45 min', '2 h 24 min'); no data: a dash. */
export function formatResponseTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return formatDuration(Math.max(1, Math.round(ms / 1000)));
}

/** A piece of a bot's note as Discord shows it: text, **bold** or a member's mention (<@id>). */
export type NotePart = { kind: 'text' | 'bold'; text: string } | { kind: 'mention'; id: string };

/**
 * The bot's notes in a ticket are Discord markdown ("<@123> … ticket **#4**"): split into what the
 * dashboard draws as a name and bold text instead of the raw markup.
 */
export function noteParts(text: string): NotePart[] {
  const parts: NotePart[] = [];
  for (const piece of text.split(/(<@!?\d{1,32}>|\*\*[^*]+\*\*)/)) {
    if (!piece) continue;
    const mention = /^<@!?(\d{1,32})>$/.exec(piece);
    if (mention) parts.push({ kind: 'mention', id: mention[1]! });
    else if (/^\*\*[^*]+\*\*$/.test(piece)) parts.push({ kind: 'bold', text: piece.slice(2, -2) });
    else parts.push({ kind: 'text', text: piece });
  }
  return parts;
}
