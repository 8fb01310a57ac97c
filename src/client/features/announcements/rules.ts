import { languageName, SCREEN_LANGUAGES } from '../../../common/languages';

/** Spec section 9: the languages a target can be, the original excluded. */
export function targetLanguages(original: string): string[] {
  return SCREEN_LANGUAGES.announcements.filter((code) => code !== original);
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
    return { targets: SCREEN_LANGUAGES.announcements.filter((c) => next.includes(c)), channels };
  }
  const { [lang]: _removed, ...rest } = channels;
  return { targets: targets.filter((t) => t !== lang), channels: rest };
}
