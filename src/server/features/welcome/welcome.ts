import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { botConfig } from '../../../../db/schema';
import { WELCOME_TEMPLATE_MAX, WELCOME_USER_PLACEHOLDER } from '../../../common/welcome/schemas';
import { readWelcome } from './settings';
import { languageOfLocale, storedLanguage } from '../translation/members';
import type { Translator } from '../../core/translator';

/**
 * The welcome a new member gets (spec: Welcome & Roles): the admin writes it once; the member
 * reads it in their language (a hand-written template for that language wins, else the engine
 * translates one), their mention in place of {user}, posted in the welcome channel; then the
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

/** Stands for {user} while the template is translated: a mention, which the engine protects. */
const USER_TOKEN = '<@0>';

/**
 * The template in `target`: the hand-written one when there is one, else the best template
 * translated through the engine ({user} kept intact as a protected mention). Null when no
 * template has text; the untranslated template when the engine cannot translate now.
 */
export async function welcomeText(
  translator: Translator,
  guildId: string,
  messages: Record<string, string>,
  target: string,
  userId: string,
): Promise<{ content: string; language: string } | null> {
  const own = pickTemplate(messages, [target]);
  if (!own) return null;
  if (own.language === target) return { content: fillTemplate(own.template, userId), language: target };
  try {
    const text = own.template.split(WELCOME_USER_PLACEHOLDER).join(USER_TOKEN);
    const r = await translator.translate({
      text,
      source: own.language,
      targets: [target],
      origin: 'welcome',
      guildId,
    });
    const translated = r.skipped.includes(target) ? text : r.translations[target];
    if (translated?.trim()) {
      const content = translated.split(USER_TOKEN).join(`<@${userId}>`).slice(0, WELCOME_TEMPLATE_MAX);
      return { content, language: target };
    }
  } catch (err) {
    console.warn(`welcome not translated to ${target} for guild ${guildId}: ${(err as Error).message}`);
  }
  return { content: fillTemplate(own.template, userId), language: own.language };
}

export async function planWelcome(
  db: Db,
  translator: Translator,
  guildId: string,
  member: { userId: string; locale: string | null },
): Promise<WelcomePlan> {
  const config = await readWelcome(db, guildId);
  if (!config.enabled) return { post: null, roleId: null, channelId: null };
  const serverDefault =
    (await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.defaultLanguage ?? 'en';
  // Their saved /setlanguage, else their Discord locale when known, else the server default.
  const target =
    (await storedLanguage(db, member.userId)) ?? languageOfLocale(member.locale) ?? serverDefault;
  const text = config.channelId
    ? await welcomeText(translator, guildId, config.messages, target, member.userId)
    : null;
  return {
    post: text ? { channelId: config.channelId, ...text } : null,
    roleId: config.roleId || null,
    channelId: config.channelId || null,
  };
}
