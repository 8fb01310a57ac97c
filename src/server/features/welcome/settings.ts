import { eq } from 'drizzle-orm';
import { welcomeConfig } from '../../../../db/schema';
import { type WelcomePatch, welcomeDefaults } from '../../../common/welcome/schemas';
import { ensureGuild } from '../../core/guilds';
import type { Services } from '../../core/services';

/** The guild's welcome config, or the defaults when none was saved. */
export async function readWelcome(db: Services['db'], guildId: string) {
  const row = await db.select().from(welcomeConfig).where(eq(welcomeConfig.guildId, guildId)).get();
  if (!row) return { ...welcomeDefaults, messages: {} };
  const { guildId: _g, ...config } = row;
  return config;
}

/** Saves a change of the welcome config (the rest keeps its value); answers the whole config. */
export async function updateWelcome(db: Services['db'], guildId: string, patch: WelcomeChange) {
  await ensureGuild(db, guildId);
  await db
    .insert(welcomeConfig)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: welcomeConfig.guildId, set: patch })
    .run();
  return await readWelcome(db, guildId);
}

type WelcomeChange = Omit<WelcomePatch, 'guildId'>;
