import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { whiteLabel } from '../../../../db/schema';
import { colorHex, colorInt, type WhiteLabelView } from '../../../common/white-label/schemas';
import type { Brand } from '../../../common/white-label/embed';
import { ensureGuild } from '../../core/guilds';
import { hasCapability } from '../../core/plans';

/** The white-label row of a server: what the bot sends Discord and what its posts carry. */

type Row = typeof whiteLabel.$inferSelect;
export interface WhiteLabelValues {
  nickname: string | null;
  bio: string | null;
  avatar: string | null;
  banner: string | null;
  brandColor: string | null;
  footer: string | null;
}

const EMPTY: WhiteLabelValues = {
  nickname: null,
  bio: null,
  avatar: null,
  banner: null,
  brandColor: null,
  footer: null,
};

export async function readWhiteLabel(db: Db, guildId: string): Promise<Row | undefined> {
  return await db.select().from(whiteLabel).where(eq(whiteLabel.guildId, guildId)).get();
}

export function viewOf(row: Row | undefined): WhiteLabelView {
  if (!row) return { ...EMPTY, state: 'default', applyError: null };
  const values = {
    nickname: row.nickname,
    bio: row.bio,
    avatar: row.avatar,
    banner: row.banner,
    brandColor: colorHex(row.brandColor),
    footer: row.footer,
  };
  const empty = Object.values(values).every((v) => v === null);
  const state = row.applyError
    ? 'failed'
    : row.appliedAt && row.appliedAt >= row.updatedAt
      ? empty
        ? 'default'
        : 'applied'
      : 'pending';
  return { ...values, state, applyError: row.applyError };
}

/** Saves (or, with every field null, resets) the profile; the bot applies it next. */
export async function saveWhiteLabel(
  db: Db,
  guildId: string,
  values: WhiteLabelValues,
  at: Date,
): Promise<Row> {
  await ensureGuild(db, guildId);
  const set = {
    nickname: values.nickname,
    bio: values.bio,
    avatar: values.avatar,
    banner: values.banner,
    brandColor: colorInt(values.brandColor),
    footer: values.footer,
    updatedAt: at,
    appliedAt: null,
    applyError: null,
  };
  return await db
    .insert(whiteLabel)
    .values({ guildId, ...set })
    .onConflictDoUpdate({ target: whiteLabel.guildId, set })
    .returning()
    .get();
}

export const resetValues = (): WhiteLabelValues => ({ ...EMPTY });

/** What the bot reports after Discord answered. */
export async function recordApplied(db: Db, guildId: string, at: Date, error: string | null): Promise<void> {
  await db
    .update(whiteLabel)
    .set(error ? { applyError: error.slice(0, 300) } : { appliedAt: at, applyError: null })
    .where(eq(whiteLabel.guildId, guildId))
    .run();
}

/**
 * The brand of the bot's posts in a server (colour and footer), or null when none is set or the
 * server's plan no longer includes white-label (its posts are plain text again).
 */
export async function brandOf(db: Db, guildId: string): Promise<Brand | null> {
  const row = await readWhiteLabel(db, guildId);
  if (!row || (row.brandColor === null && !row.footer)) return null;
  if (!(await hasCapability(db, guildId, 'whiteLabel'))) return null;
  return { color: row.brandColor, footer: row.footer };
}
