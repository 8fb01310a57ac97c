import type { LangText, polls } from '../../../../db/schema';
import {
  CHOOSE_ONE,
  CHOOSE_SEVERAL,
  CLOSES,
  FINAL_RESULTS,
  ONE_VOTE,
  SHOW_MINE,
  VOTES,
} from '../../../common/polls/phrases';
import type { Speaker } from '../../translation/phrases';
import { isOpen } from './polls';

type PollRow = typeof polls.$inferSelect;

/** Discord's limit for a button label. */
export const BUTTON_LABEL_MAX = 80;
export const POLL_VOTE_PREFIX = 'poll:vote';
export const POLL_SHOW_PREFIX = 'poll:show';

export interface PollButton {
  customId: string;
  label: string;
  style: 'primary' | 'secondary';
  disabled: boolean;
}

export interface PollMessage {
  content: string;
  buttons: PollButton[];
}

/** The text of a language map in `language` (or its base), else English, else its first entry. */
export function textIn(text: LangText, language: string): string {
  return text[language] ?? text[language.split('-')[0]] ?? text.en ?? Object.values(text)[0] ?? '';
}

const bar = (share: number) => {
  const full = Math.round(share * 10);
  return `${'█'.repeat(full)}${'░'.repeat(10 - full)}`;
};

const votesText = (n: number, s: Speaker) => (n === 1 ? s.label(ONE_VOTE) : s.label(VOTES, { count: n }));

/**
 * The poll as a Discord message in the speaker's language (its phrases resolved by speakerFor with
 * POLL_PHRASES): the question, each option with its bar, count and
 * share, and a footer (how to vote, when it closes, or "closed"). The buttons (one per option
 * and "Show in my language") are disabled once the poll is closed.
 */
export function renderPoll(row: PollRow, votes: { optionId: string }[], s: Speaker, now: Date): PollMessage {
  const language = s.language;
  const open = isOpen(row, now);
  const counts = row.options.map((o) => votes.filter((v) => v.optionId === o.id).length);
  const total = counts.reduce((a, b) => a + b, 0);
  const lines = row.options.map((o, i) => {
    const share = total ? counts[i] / total : 0;
    return `**${i + 1}.** ${textIn(o.text, language)}\n\`${bar(share)}\` ${votesText(counts[i], s)} · ${Math.round(share * 100)}%`;
  });
  const footer = open
    ? [
        votesText(total, s),
        s.label(row.allowMultiple ? CHOOSE_SEVERAL : CHOOSE_ONE),
        ...(row.endsAt
          ? [s.label(CLOSES, { when: `<t:${Math.floor(row.endsAt.getTime() / 1000)}:R>` })]
          : []),
      ].join(' · ')
    : `${s.label(FINAL_RESULTS)} · ${votesText(total, s)}`;
  const content = `📊 **${textIn(row.question, language)}**\n\n${lines.join('\n')}\n\n-# ${footer}${s.mark()}`;
  const buttons: PollButton[] = row.options.map((o, i) => ({
    customId: `${POLL_VOTE_PREFIX}:${row.id}:${o.id}`,
    label: `${i + 1}. ${textIn(o.text, language)}`.slice(0, BUTTON_LABEL_MAX),
    style: 'primary',
    disabled: !open,
  }));
  buttons.push({
    customId: `${POLL_SHOW_PREFIX}:${row.id}`,
    label: s.label(SHOW_MINE).slice(0, BUTTON_LABEL_MAX),
    style: 'secondary',
    disabled: false,
  });
  return { content, buttons };
}
