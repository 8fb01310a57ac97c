import type { Services } from '../../core/services';
import { hasCapability } from '../../core/plans';
import { markPostRequested, storeDraft } from '../announcements/announcements';
import { translateAnnouncement } from '../announcements/translation';
import { PLATFORM_NAMES } from '../../../common/integrations/schemas';
import { claimItem, type Integration, linkTargets, recordPost } from './integrations';

/** What an integration posts: English text (translated for every language channel) and its item id. */
export interface IntegrationNews {
  /** The video id, the stream id: posted once per integration. */
  itemId: string;
  text: string;
}

/**
 * Posts a piece of news to the integration's language channels, exactly as an announcement: one
 * provider call translates it into every language of the link (announcements/translation.ts), the
 * announcement row is stored and the bot delivers it ('announcement:post'). An item already seen
 * is not posted again; a server no longer on Ultimate gets nothing. Returns the announcement id.
 */
export async function postNews(
  services: Services,
  integration: Integration,
  news: IntegrationNews,
): Promise<number | null> {
  const { db, guildId } = { db: services.db, guildId: integration.guildId };
  if (!(await hasCapability(db, guildId, 'integrations'))) return null;
  if (!(await claimItem(db, integration.id, news.itemId))) return null;
  const targetChannels = await linkTargets(db, integration.linkId);
  if (targetChannels.length === 0) return null;
  const source = 'en';
  const languages = [...new Set(targetChannels.map((t) => t.language).filter((l) => l !== source))];
  const attempt = await translateAnnouncement(services.translator, guildId, news.text, source, languages);
  const now = services.clock();
  const draft = await storeDraft(db, guildId, {
    createdBy: PLATFORM_NAMES[integration.kind],
    originalText: news.text,
    originalLanguage: source,
    translations: attempt.translations,
    targetChannels,
    createdAt: now,
  });
  await markPostRequested(db, draft.id, now);
  await recordPost(db, integration.id, news.itemId, draft.id);
  await services.events.publish('announcement:post', { guildId, announcementId: draft.id });
  return draft.id;
}
