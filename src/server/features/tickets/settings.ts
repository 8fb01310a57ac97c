import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { type TicketCategory, ticketSettings } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

/**
 * Where tickets live on Discord (Support Tickets settings): the channel their private threads
 * open in (the admin's pick, else a #tickets channel the bot creates once), the support role
 * added to each thread, and the language staff write in.
 */

export interface TicketSettings {
  channelId: string | null;
  defaultChannelId: string | null;
  supportRoleId: string | null;
  supportLanguage: string;
  /** The panel's categories with their intake questions (none: one "Open a ticket" button). */
  categories: TicketCategory[];
  /** Auto-close after this many days without activity (a warning first); null: off. */
  autoCloseDays: number | null;
}

export const DEFAULT_TICKET_SETTINGS: TicketSettings = {
  channelId: null,
  defaultChannelId: null,
  supportRoleId: null,
  supportLanguage: 'en',
  categories: [],
  autoCloseDays: null,
};

export async function getTicketSettings(db: Db, guildId: string): Promise<TicketSettings> {
  const row = await db.select().from(ticketSettings).where(eq(ticketSettings.guildId, guildId)).get();
  if (!row) return { ...DEFAULT_TICKET_SETTINGS };
  const { guildId: _g, ...settings } = row;
  return settings;
}

/** Saves a change of the settings (the rest keeps its value); answers them all. */
export async function updateTicketSettings(
  db: Db,
  guildId: string,
  change: Partial<TicketSettings>,
): Promise<TicketSettings> {
  await ensureGuild(db, guildId);
  await db
    .insert(ticketSettings)
    .values({ ...DEFAULT_TICKET_SETTINGS, ...change, guildId })
    .onConflictDoUpdate({ target: ticketSettings.guildId, set: change })
    .run();
  return await getTicketSettings(db, guildId);
}
