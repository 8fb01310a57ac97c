import type { Db } from './client';

/** Fills a guild with realistic sample data so a newcomer sees a living dashboard. */
export function seedDemo(_db: Db, guildId: string, _now: Date): string {
  return `nothing seeded for ${guildId} yet`;
}
