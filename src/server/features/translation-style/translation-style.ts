import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { readOnce } from '../../../../db/read-scope';
import { translationStyle } from '../../../../db/schema';
import { translationStyleDefaults } from '../../../common/translation-style/schemas';
import { ensureGuild } from '../../core/guilds';
import { hasCapability } from '../../core/plans';

/** The server's saved style (defaults until changed); read once per message (db/read-scope.ts). */
export async function readTranslationStyle(db: Db, guildId: string) {
  return await readOnce(`translation-style:${guildId}`, async () => {
    const row = await db.select().from(translationStyle).where(eq(translationStyle.guildId, guildId)).get();
    if (!row) return { ...translationStyleDefaults };
    return { customInstructions: row.customInstructions, slang: row.slang };
  });
}

/** What the engine applies: each part only when the plan includes it. */
export async function activeTranslationStyle(db: Db, guildId: string) {
  const saved = await readTranslationStyle(db, guildId);
  return {
    slang: saved.slang && (await hasCapability(db, guildId, 'slang')),
    customInstructions: (await hasCapability(db, guildId, 'customInstructions'))
      ? saved.customInstructions
      : '',
  };
}

export async function updateTranslationStyle(
  db: Db,
  guildId: string,
  patch: { customInstructions?: string; slang?: boolean },
) {
  await ensureGuild(db, guildId);
  await db
    .insert(translationStyle)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: translationStyle.guildId, set: patch })
    .run();
  return await readTranslationStyle(db, guildId);
}
