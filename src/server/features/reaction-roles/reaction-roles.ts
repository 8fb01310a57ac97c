import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { reactionRoles } from '../../../../db/schema';

/**
 * Reaction roles: a reaction on a message that has an active entry gives (or, when removed,
 * takes away) the role of the matching emoji.
 */

const CUSTOM = /^<a?:\w+:(\d+)>$/;
/** Variation selector 16: 👍 and 👍️ are the same reaction. */
const stripSelector = (s: string) => s.replace(/\ufe0f/g, '');

/** Does the entry's emoji (🎮 or <:name:id>) match the reaction (unicode name, or custom id)? */
export function emojiMatches(
  entryEmoji: string,
  reaction: { name: string | null; id: string | null },
): boolean {
  const custom = entryEmoji.match(CUSTOM);
  if (reaction.id) return custom?.[1] === reaction.id;
  if (custom || !reaction.name) return false;
  return stripSelector(entryEmoji) === stripSelector(reaction.name);
}

/** The role for this reaction in this guild, or null when the message or emoji has none. */
export async function reactionRoleFor(
  db: Db,
  guildId: string,
  messageId: string,
  emoji: { name: string | null; id: string | null },
): Promise<{ roleId: string; label: string } | null> {
  const entry = await db
    .select({ roles: reactionRoles.roles })
    .from(reactionRoles)
    .where(
      and(
        eq(reactionRoles.messageId, messageId),
        eq(reactionRoles.guildId, guildId),
        eq(reactionRoles.active, true),
      ),
    )
    .get();
  const row = entry?.roles.find((r) => emojiMatches(r.emoji, emoji));
  return row ? { roleId: row.roleId, label: row.label } : null;
}
