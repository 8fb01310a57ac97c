import { createSpamWindows, type SpamWindows } from './spam';

/**
 * Moderation's memory (one per running server, Services.moderation): the spam windows and each
 * member's recent offences, times and hashes only, never message text. The moderation capability
 * (features/moderation/) reads and counts into it; the container holds it without importing a
 * capability.
 */
export interface ModerationState {
  spam: SpamWindows;
  /** `${guildId}:${userId}` -> times of recent offences (ms). */
  offences: Map<string, number[]>;
}

export function createModerationState(): ModerationState {
  return { spam: createSpamWindows(), offences: new Map() };
}
