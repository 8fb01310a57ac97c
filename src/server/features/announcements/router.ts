import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { announcements } from '../../../../db/schema';
import { announcementCreate } from '../../../common/announcements/schemas';
import { rowId } from '../../../common/schemas/util';
import type { Services } from '../../core/services';
import { translateAnnouncement, translateMissing, untranslatedLanguages } from './translation';
import { type DeliveryState, waitFor } from '../../core/delivery';
import { ensureGuild } from '../../core/guilds';
import { TranslationUnavailableError } from '../../translation';
import { NO_PROVIDER_REASON } from '../../translation/providers/select';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import { announcementsBotRouter } from './bot.router';

async function findAnnouncement(db: Services['db'], guildId: string, id: number) {
  return (
    (await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.guildId, guildId)))
      .get()) ?? notFound('announcement', id)
  );
}

const byId = z.object({ id: rowId });

/** Every procedure here needs the 'announcements' capability of the plan table. */
const announcementsProcedure = guildProcedure.use(await requires('announcements'));

export const announcementsRouter = router({
  /** Newest first; `untranslated` names the target languages still without text. */
  list: announcementsProcedure.query(async ({ ctx }) =>
    (
      await ctx.db
        .select()
        .from(announcements)
        .where(eq(announcements.guildId, ctx.guildId))
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .all()
    ).map((a) => ({ ...a, untranslated: untranslatedLanguages(a) })),
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
    await ensureGuild(ctx.db, ctx.guildId);
    const row = await ctx.db
      .insert(announcements)
      .values({
        guildId: ctx.guildId,
        status: 'draft',
        createdBy: input.createdBy,
        originalText: input.originalText,
        originalLanguage: input.originalLanguage,
        translations: attempt.translations,
        targetChannels: input.targetChannels,
        createdAt: ctx.clock(),
      })
      .returning()
      .get();
    return { ...row, untranslated: untranslatedLanguages(row), translationError: attempt.error };
  }),

  /** Translate now: fills in the languages a draft still lacks (503 without a provider). */
  translate: announcementsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const found = await findAnnouncement(ctx.db, ctx.guildId, input.id);
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
    const found = await findAnnouncement(ctx.db, ctx.guildId, input.id);
    if (found.status === 'posted') {
      throw new TRPCError({ code: 'CONFLICT', message: `announcement ${input.id} was already posted` });
    }
    const { error } = ctx.translator.provider
      ? await translateMissing(ctx.db, ctx.translator, found)
      : { error: null };
    const requested = await ctx.db
      .update(announcements)
      .set({ postRequestedAt: ctx.clock() })
      .where(eq(announcements.id, found.id))
      .returning()
      .get();
    await ctx.events.publish('announcement:post', { guildId: ctx.guildId, announcementId: found.id });
    const answered =
      (await ctx.botStatus.get()).state === 'online'
        ? await waitFor(async () => {
            const row = await findAnnouncement(ctx.db, ctx.guildId, found.id);
            return row.postRequestedAt === null ? row : null;
          })
        : null;
    const row = answered ?? requested;
    const delivery: DeliveryState = !answered ? 'queued' : row.status === 'posted' ? 'delivered' : 'failed';
    return { ...row, delivery, untranslated: untranslatedLanguages(row), translationError: error };
  }),

  delete: announcementsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const found = await findAnnouncement(ctx.db, ctx.guildId, input.id);
    await ctx.db.delete(announcements).where(eq(announcements.id, found.id)).run();
    return { id: found.id, deleted: true as const };
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: announcementsBotRouter,
});
