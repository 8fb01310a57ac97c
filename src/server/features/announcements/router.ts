import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { announcementCreate } from '../../../common/announcements/schemas';
import { rowId } from '../../../common/schemas/util';
import type { Services } from '../../core/services';
import { translateAnnouncement, translateMissing, untranslatedLanguages } from './translation';
import { type DeliveryState, waitFor } from '../../core/delivery';
import { TranslationUnavailableError } from '../../core/translator';
import { NO_PROVIDER_REASON } from '../../translation/providers/select';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import {
  deleteAnnouncement,
  findAnnouncement,
  listAnnouncements,
  markPostRequested,
  storeDraft,
} from './announcements';
import { announcementsBotRouter } from './bot.router';

async function announcementOf(db: Services['db'], guildId: string, id: number) {
  return (await findAnnouncement(db, guildId, id)) ?? notFound('announcement', id);
}

const byId = z.object({ id: rowId });

/** Every procedure here needs the 'announcements' capability of the plan table. */
const announcementsProcedure = guildProcedure.use(await requires('announcements'));

export const announcementsRouter = router({
  /** Newest first; `untranslated` names the target languages still without text. */
  list: announcementsProcedure.query(async ({ ctx }) =>
    (await listAnnouncements(ctx.db, ctx.guildId)).map((a) => ({
      ...a,
      untranslated: untranslatedLanguages(a),
    })),
  ),

  /**
   * Translates once into every target language, then stores a draft. Without a working provider
   * the draft is still stored, untranslated: the languages it lacks are translated when it is
   * posted (or with Translate now). `translationError` says why some stayed untranslated.
   */
  create: announcementsProcedure.input(announcementCreate).mutation(async ({ ctx, input }) => {
    const targets = input.targetChannels.map((t) => t.language);
    const attempt = await translateAnnouncement(
      ctx.translator,
      ctx.guildId,
      input.originalText,
      input.originalLanguage,
      targets,
    );
    const row = await storeDraft(ctx.db, ctx.guildId, {
      createdBy: input.createdBy,
      originalText: input.originalText,
      originalLanguage: input.originalLanguage,
      translations: attempt.translations,
      targetChannels: input.targetChannels,
      createdAt: ctx.clock(),
    });
    return { ...row, untranslated: untranslatedLanguages(row), translationError: attempt.error };
  }),

  /** Translate now: fills in the languages a draft still lacks (503 without a provider). */
  translate: announcementsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const found = await announcementOf(ctx.db, ctx.guildId, input.id);
    if (found.status === 'posted') {
      throw new TRPCError({ code: 'CONFLICT', message: `announcement ${input.id} was already posted` });
    }
    if (untranslatedLanguages(found).length && !ctx.translator.provider) {
      throw new TranslationUnavailableError(NO_PROVIDER_REASON);
    }
    const { announcement, error } = await translateMissing(ctx.db, ctx.translator, found);
    return { ...announcement, untranslated: untranslatedLanguages(announcement), translationError: error };
  }),

  /**
   * Post Now: translates what is still missing (when a provider exists), marks the request and
   * tells the bot. When the bot is online the answer waits briefly for its outcome, so
   * `delivery` is 'delivered' or 'failed' only when Discord answered; otherwise 'queued' (the bot
   * delivers it when it connects, even after a restart).
   */
  post: announcementsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const found = await announcementOf(ctx.db, ctx.guildId, input.id);
    if (found.status === 'posted') {
      throw new TRPCError({ code: 'CONFLICT', message: `announcement ${input.id} was already posted` });
    }
    const { error } = ctx.translator.provider
      ? await translateMissing(ctx.db, ctx.translator, found)
      : { error: null };
    const requested = await markPostRequested(ctx.db, found.id, ctx.clock());
    await ctx.events.publish('announcement:post', { guildId: ctx.guildId, announcementId: found.id });
    const answered =
      (await ctx.botStatus.get()).state === 'online'
        ? await waitFor(async () => {
            const row = await announcementOf(ctx.db, ctx.guildId, found.id);
            return row.postRequestedAt === null ? row : null;
          })
        : null;
    const row = answered ?? requested;
    const delivery: DeliveryState = !answered ? 'queued' : row.status === 'posted' ? 'delivered' : 'failed';
    return { ...row, delivery, untranslated: untranslatedLanguages(row), translationError: error };
  }),

  delete: announcementsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const found = await announcementOf(ctx.db, ctx.guildId, input.id);
    await deleteAnnouncement(ctx.db, found.id);
    return { id: found.id, deleted: true as const };
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: announcementsBotRouter,
});
