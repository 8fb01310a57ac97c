import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { botConfig } from '../../../../db/schema';
import type { z } from 'zod';
import { botConfigDefaults, type botConfigPatch } from '../../../common/settings/schemas';
import { ensureGuild } from '../../core/guilds';

/** The server's general settings, or the defaults when none were saved. */
export async function readBotConfig(db: Db, guildId: string) {
  const row = await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get();
  if (!row) return { ...botConfigDefaults };
  const { guildId: _g, ...config } = row;
  return config;
}

/** Saves a change of the general settings (the rest keeps its value); answers them all. */
export async function updateBotConfig(
  db: Db,
  guildId: string,
  patch: Omit<z.output<typeof botConfigPatch>, 'guildId'>,
) {
  await ensureGuild(db, guildId);
  await db
    .insert(botConfig)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: botConfig.guildId, set: patch })
    .run();
  return await readBotConfig(db, guildId);
}
