import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { channelWebhooks } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

/** The bot's own webhook per channel: created once, reused for every mirror post. */
export interface StoredWebhook {
  id: string;
  token: string;
}

export async function webhookFor(db: Db, channelId: string): Promise<StoredWebhook | null> {
  const row = await db.select().from(channelWebhooks).where(eq(channelWebhooks.channelId, channelId)).get();
  return row ? { id: row.webhookId, token: row.webhookToken } : null;
}

/** The stored webhooks of several channels in one read (a mirrored message's targets). */
export async function webhooksFor(db: Db, channelIds: string[]): Promise<Map<string, StoredWebhook>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(channelWebhooks)
    .where(inArray(channelWebhooks.channelId, channelIds))
    .all();
  return new Map(rows.map((r) => [r.channelId, { id: r.webhookId, token: r.webhookToken }]));
}

export async function saveWebhook(
  db: Db,
  guildId: string,
  channelId: string,
  hook: StoredWebhook,
): Promise<void> {
  await ensureGuild(db, guildId);
  await db
    .insert(channelWebhooks)
    .values({ channelId, guildId, webhookId: hook.id, webhookToken: hook.token })
    .onConflictDoUpdate({
      target: channelWebhooks.channelId,
      set: { webhookId: hook.id, webhookToken: hook.token },
    })
    .run();
}

/** The webhook was deleted on Discord's side (Unknown Webhook): the next post creates a new one. */
export async function forgetWebhook(db: Db, channelId: string): Promise<void> {
  await db.delete(channelWebhooks).where(eq(channelWebhooks.channelId, channelId)).run();
}
