import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import {
  channelLinkChannels,
  channelLinks,
  guildBotPermissions,
  guildChannels,
  guilds,
} from '../../../../db/schema';
import {
  type BotPermissionReport,
  FEATURE_PERMISSIONS,
  type FeatureGap,
  featureGap,
} from '../../../common/guilds/permissions';

/**
 * What the bot may not do on each server, as the bot computed it from Discord's data
 * (bot/features/guilds/permissions.ts) and reported (guilds.bot.reportPermissions). The checklist
 * and each feature's screen read it; no message content is stored.
 */

/** Stores each server's report (replacing the last); servers not (or no longer) stored are skipped. */
export async function storePermissions(
  db: Db,
  servers: { guildId: string; report: BotPermissionReport }[],
  at: Date,
): Promise<{ stored: number }> {
  const byId = new Map(servers.map((s) => [s.guildId, s.report]));
  if (!byId.size) return { stored: 0 };
  const known = await db
    .select({ id: guilds.id })
    .from(guilds)
    .where(inArray(guilds.id, [...byId.keys()]))
    .all();
  const rows = known.map(({ id }) => ({
    guildId: id,
    report: byId.get(id) as BotPermissionReport,
    checkedAt: at,
  }));
  if (!rows.length) return { stored: 0 };
  await db
    .insert(guildBotPermissions)
    .values(rows)
    .onConflictDoUpdate({
      target: guildBotPermissions.guildId,
      set: { report: sql`excluded.report`, checkedAt: sql`excluded.checked_at` },
    })
    .run();
  return { stored: rows.length };
}

/** The server's last report, or null before the bot has checked it. */
export async function permissionReport(
  db: Db,
  guildId: string,
): Promise<{ report: BotPermissionReport; checkedAt: Date } | null> {
  const row = await db
    .select({ report: guildBotPermissions.report, checkedAt: guildBotPermissions.checkedAt })
    .from(guildBotPermissions)
    .where(eq(guildBotPermissions.guildId, guildId))
    .get();
  return row ? { report: row.report as BotPermissionReport, checkedAt: row.checkedAt } : null;
}

export interface ServerGap {
  guildId: string;
  name: string;
  role: string | null;
  features: (FeatureGap & { channelNames: Record<string, string> })[];
}

/**
 * The servers the bot is in whose report lacks something a feature needs: on the bot's roles, or
 * in a channel a channel link uses (the checklist's step; a feature's screen asks about its own
 * channels). `checked`: how many present servers have a report at all.
 */
export async function permissionGaps(db: Db): Promise<{ checked: number; gaps: ServerGap[] }> {
  const rows = await db
    .select({ guildId: guilds.id, name: guilds.name, report: guildBotPermissions.report })
    .from(guildBotPermissions)
    .innerJoin(guilds, eq(guilds.id, guildBotPermissions.guildId))
    .where(eq(guilds.present, true))
    .orderBy(asc(guilds.name), asc(guilds.id))
    .all();
  const withChannels = rows.filter((r) => (r.report as BotPermissionReport).channels.length > 0);
  const linked = withChannels.length
    ? await db
        .select({
          guildId: channelLinks.guildId,
          channelId: channelLinkChannels.channelId,
          name: guildChannels.name,
        })
        .from(channelLinkChannels)
        .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
        .leftJoin(guildChannels, eq(guildChannels.id, channelLinkChannels.channelId))
        .where(
          and(
            inArray(
              channelLinks.guildId,
              withChannels.map((r) => r.guildId),
            ),
            eq(channelLinks.active, true),
          ),
        )
        .all()
    : [];
  const gaps: ServerGap[] = [];
  for (const r of rows) {
    const report = r.report as BotPermissionReport;
    const mine = linked.filter((l) => l.guildId === r.guildId);
    const channelNames = Object.fromEntries(mine.map((l) => [l.channelId, l.name ?? l.channelId]));
    const features = FEATURE_PERMISSIONS.map((f) =>
      featureGap(report, f.key, f.key === 'translation' ? Object.keys(channelNames) : []),
    )
      .filter((g) => g.guild.length > 0 || g.channels.length > 0)
      .map((g) => ({ ...g, channelNames }));
    if (features.length)
      gaps.push({ guildId: r.guildId, name: r.name || r.guildId, role: report.role, features });
  }
  return { checked: rows.length, gaps };
}
