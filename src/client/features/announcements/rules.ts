import { LANGUAGES, languageName } from '../../../common/languages';

const TABLE: string[] = LANGUAGES.map((l) => l.code);

/** The languages a target can be: the whole table, the original excluded. */
export function targetLanguages(original: string): string[] {
  return TABLE.filter((code) => code !== original);
}

/** Channel id chosen per target language ('' or absent when none). */
export type ChannelChoice = Record<string, string>;

/** Spec section 5: the create button is disabled in these cases. */
export function canCreate(
  text: string,
  targets: string[],
  channels: ChannelChoice,
  pending: boolean,
): boolean {
  if (pending || !text.trim() || targets.length === 0) return false;
  return targets.some((lang) => Boolean(channels[lang]?.trim()));
}

/** Target languages without a channel, in the order they are listed. */
export function missingChannels(targets: string[], channels: ChannelChoice): string[] {
  return targets.filter((lang) => !channels[lang]?.trim());
}

/** Spec section 5: the exact message when a target has no channel; null when all have one. */
export function missingChannelError(targets: string[], channels: ChannelChoice): string | null {
  const missing = missingChannels(targets, channels);
  if (missing.length === 0) return null;
  return `Please select a Discord channel for: ${missing.map(languageName).join(', ')}`;
}

/** Toggles one target; unchecking a language removes its channel choice (spec section 5). */
export function toggleTarget(
  targets: string[],
  channels: ChannelChoice,
  lang: string,
  checked: boolean,
): { targets: string[]; channels: ChannelChoice } {
  if (checked) {
    const next = targets.includes(lang) ? targets : [...targets, lang];
    return { targets: TABLE.filter((c) => next.includes(c)), channels };
  }
  const { [lang]: _removed, ...rest } = channels;
  return { targets: targets.filter((t) => t !== lang), channels: rest };
}

/** The picker's new list: each language added or removed as toggleTarget does. */
export function setTargets(
  targets: string[],
  channels: ChannelChoice,
  next: string[],
): { targets: string[]; channels: ChannelChoice } {
  let state = { targets, channels };
  for (const lang of new Set([...targets, ...next])) {
    const want = next.includes(lang);
    if (want !== state.targets.includes(lang))
      state = toggleTarget(state.targets, state.channels, lang, want);
  }
  return state;
}
