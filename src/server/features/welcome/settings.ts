import { eq } from 'drizzle-orm';
import { welcomeConfig } from '../../../../db/schema';
import { welcomeDefaults } from '../../../common/welcome/schemas';
import type { Services } from '../../core/services';

/** The guild's welcome config, or the defaults when none was saved. */
export async function readWelcome(db: Services['db'], guildId: string) {
  const row = await db.select().from(welcomeConfig).where(eq(welcomeConfig.guildId, guildId)).get();
  if (!row) return { ...welcomeDefaults, messages: {} };
  const { guildId: _g, ...config } = row;
  return config;
}
