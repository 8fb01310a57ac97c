import type { Db } from '../../../../db/client';
import type { ReactionRoleEntry, reactionRoles } from '../../../../db/schema';
import { serverLanguages } from '../polls/polls';
import { guildDefaultLanguage } from '../translation/members';
import type { Translator } from '../../core/translator';

/**
 * Reaction-role menus the bot posts: the title and role lines are translated once, at creation,
 * into the server's languages; the message shows each language's block, and the bot adds the
 * reactions itself.
 */

export type Menu = Record<string, { title: string; labels: string[] }>;
type Row = typeof reactionRoles.$inferSelect;

export const DEFAULT_MENU_TITLE = 'Pick your roles';

/** The menu in the default language, then each other language translated (best effort). */
export async function buildMenu(
  db: Db,
  translator: Translator,
  guildId: string,
  title: string,
  roles: ReactionRoleEntry[],
): Promise<Menu> {
  const source = await guildDefaultLanguage(db, guildId);
  const menu: Menu = { [source]: { title: title || DEFAULT_MENU_TITLE, labels: roles.map((r) => r.label) } };
  const targets = (await serverLanguages(db, guildId)).filter((l) => l !== source);
  if (targets.length === 0) return menu;
  try {
    const texts = [menu[source].title, ...menu[source].labels];
    const results = await Promise.all(
      texts.map((text) => translator.translate({ text, source, targets, origin: 'reaction', guildId })),
    );
    for (const target of targets) {
      const line = (i: number) =>
        results[i].translations[target] ?? (results[i].skipped.includes(target) ? texts[i] : undefined);
      const all = texts.map((_, i) => line(i));
      if (all.every((t) => t?.trim()))
        menu[target] = { title: all[0] as string, labels: all.slice(1) as string[] };
    }
  } catch (err) {
    console.warn(`reaction-role menu not translated for guild ${guildId}: ${(err as Error).message}`);
  }
  return menu;
}

/** The menu message: one block per language, each line its emoji, role and label. */
export function renderMenu(row: Pick<Row, 'roles' | 'menu'>): string {
  const blocks = Object.values(row.menu ?? {}).map(
    (m) =>
      `**${m.title}**\n${row.roles.map((r, i) => `${r.emoji} <@&${r.roleId}> ${m.labels[i] ?? r.label}`).join('\n')}`,
  );
  let content = blocks.join('\n\n');
  if (content.length > 2000) content = blocks[0]?.slice(0, 2000) ?? '';
  return content;
}
