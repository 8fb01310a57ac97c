import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { botConfig } from '../../../db/schema';
import { WELCOME_TEMPLATE_MAX, WELCOME_USER_PLACEHOLDER } from '../../common/schemas/welcome';
import { readWelcome } from '../routers/welcome';
import { languageOfLocale, storedLanguage } from './members';

/**
 * The welcome a new member gets (spec: Welcome & Roles): the guild's template in the member's
 * language, their mention in place of {user}, posted in the welcome channel; then the
 * auto-assign role.
 */
export interface WelcomePlan {
  /** Null when nothing is posted (disabled, no channel, or no template with text). */
  post: { channelId: string; content: string; language: string } | null;
  /** Null when no role is given (disabled or no role set). */
  roleId: string | null;
  /** The welcome channel (where a permission problem with the role is reported), or null. */
  channelId: string | null;
}

/**
 * Which template: the member's /setlanguage language, else their Discord locale, else the
 * server's default language, else English, else the first template with text.
 */
export function pickTemplate(
  messages: Record<string, string>,
  preferred: (string | null | undefined)[],
): { language: string; template: string } | null {
  const usable = Object.entries(messages).filter(([, t]) => t.trim() !== '');
  for (const lang of [...preferred, 'en']) {
    const hit = lang ? usable.find(([code]) => code === lang) : undefined;
    if (hit) return { language: hit[0], template: hit[1] };
  }
  const first = usable[0];
  return first ? { language: first[0], template: first[1] } : null;
}

/** The template with every {user} replaced by the mention, cut to Discord's 2000 characters. */
export function fillTemplate(template: string, userId: string): string {
  return template.split(WELCOME_USER_PLACEHOLDER).join(`<@${userId}>`).slice(0, WELCOME_TEMPLATE_MAX);
}

export function planWelcome(
  db: Db,
  guildId: string,
  member: { userId: string; locale: string | null },
): WelcomePlan {
  const config = readWelcome(db, guildId);
  if (!config.enabled) return { post: null, roleId: null, channelId: null };
  const serverDefault =
    db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get()?.defaultLanguage ?? 'en';
  const picked = config.channelId
    ? pickTemplate(config.messages, [
        storedLanguage(db, member.userId),
        languageOfLocale(member.locale),
        serverDefault,
      ])
    : null;
  return {
    post: picked
      ? {
          channelId: config.channelId,
          content: fillTemplate(picked.template, member.userId),
          language: picked.language,
        }
      : null,
    roleId: config.roleId || null,
    channelId: config.channelId || null,
  };
}
