import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { readOnce } from '../../../../db/read-scope';
import { guilds, translationStyle } from '../../../../db/schema';
import { planIncludes } from '../../../common/plans';
import { translationStyleDefaults } from '../../../common/translation-style/schemas';
import { ensureGuild } from '../../core/guilds';

/** The server's saved style (defaults until changed); read once per message (db/read-scope.ts). */
export async function readTranslationStyle(db: Db, guildId: string) {
  return await readOnce(`translation-style:${guildId}`, async () => {
    const row = await db.select().from(translationStyle).where(eq(translationStyle.guildId, guildId)).get();
    if (!row) return { ...translationStyleDefaults };
    return { customInstructions: row.customInstructions, slang: row.slang };
  });
}

/**
 * The guild's plan with its saved style (null columns until saved): the engine's read before each
 * provider call, prepared once per database handle (issue 24). The plan rides in the same
 * statement, so the capability checks cost no read of their own.
 */
const planAndStyle = preparedPerDb((db) =>
  db
    .select({
      plan: guilds.plan,
      customInstructions: translationStyle.customInstructions,
      slang: translationStyle.slang,
    })
    .from(guilds)
    .leftJoin(translationStyle, eq(translationStyle.guildId, guilds.id))
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .prepare(),
);

/**
 * What the engine applies: each part only when the plan includes it (a guild without a row is on
 * the free plan, with the defaults); read once per message (db/read-scope.ts).
 */
export async function activeTranslationStyle(db: Db, guildId: string) {
  return await readOnce(`translation-style-active:${guildId}`, async () => {
    const row = await planAndStyle(db).get({ guildId });
    const plan = row?.plan ?? 'free';
    const slang = row?.slang ?? translationStyleDefaults.slang;
    const customInstructions = row?.customInstructions ?? translationStyleDefaults.customInstructions;
    return {
      slang: slang && planIncludes(plan, 'slang'),
      customInstructions: planIncludes(plan, 'customInstructions') ? customInstructions : '',
    };
  });
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
