import { eq } from 'drizzle-orm';
import { moderationRules } from '../../../../db/schema';
import { moderationDefaults } from '../../../common/moderation/schemas';
import type { Services } from '../../core/services';

/** The guild's moderation rules, or the defaults when none were saved. */
export async function readModerationRules(db: Services['db'], guildId: string) {
  const row = await db.select().from(moderationRules).where(eq(moderationRules.guildId, guildId)).get();
  if (!row) return { ...moderationDefaults, bannedWords: [] };
  const { guildId: _g, ...rules } = row;
  return rules;
}
