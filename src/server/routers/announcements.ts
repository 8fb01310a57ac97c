import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { announcements } from '../../../db/schema';
import { announcementCreate } from '../../common/schemas/announcements';
import { rowId } from '../../common/schemas/util';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import { guildProcedure, requires, notFound, router } from '../trpc';

function findAnnouncement(db: Services['db'], guildId: string, id: number) {
  return (
    db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.guildId, guildId)))
      .get() ?? notFound('announcement', id)
  );
}

const byId = z.object({ id: rowId });

/** Every procedure here needs the 'announcements' capability of the plan table. */
const announcementsProcedure = guildProcedure.use(requires('announcements'));

export const announcementsRouter = router({
  list: announcementsProcedure.query(({ ctx }) =>
    ctx.db
      .select()
      .from(announcements)
      .where(eq(announcements.guildId, ctx.guildId))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .all(),
  ),

  /** Translates once into every target language, then stores a draft. Nothing is stored when that fails. */
  create: announcementsProcedure.input(announcementCreate).mutation(async ({ ctx, input }) => {
    const targets = input.targetChannels.map((t) => t.language);
    const result = await ctx.translator.translate({
      text: input.originalText,
      targets,
      source: input.originalLanguage,
      origin: 'announcement',
      guildId: ctx.guildId,
      // No userId: an admin's announcement is not subject to the per-member hourly limit.
    });
    const translations: Record<string, string> = {};
    for (const language of targets) {
      // A target the engine skipped (the text is already in that language) gets the original.
      const text =
        result.translations[language] ?? (result.skipped.includes(language) ? input.originalText : undefined);
      if (text === undefined) {
        throw new TRPCError({
          code: 'BAD_GATEWAY',
          message: `the translation provider returned no ${language} text`,
        });
      }
      translations[language] = text;
    }
    ensureGuild(ctx.db, ctx.guildId);
    return ctx.db
      .insert(announcements)
      .values({
        guildId: ctx.guildId,
        status: 'draft',
        createdBy: input.createdBy,
        originalText: input.originalText,
        originalLanguage: input.originalLanguage,
        translations,
        targetChannels: input.targetChannels,
        createdAt: ctx.clock(),
      })
      .returning()
      .get();
  }),

  /** Post Now: marks the request and tells the bot, which delivers and records the results. */
  post: announcementsProcedure.input(byId).mutation(({ ctx, input }) => {
    const found = findAnnouncement(ctx.db, ctx.guildId, input.id);
    if (found.status === 'posted') {
      throw new TRPCError({ code: 'CONFLICT', message: `announcement ${input.id} was already posted` });
    }
    const updated = ctx.db
      .update(announcements)
      .set({ postRequestedAt: ctx.clock() })
      .where(eq(announcements.id, found.id))
      .returning()
      .get();
    ctx.events.emit('announcement:post', { guildId: ctx.guildId, announcementId: found.id });
    return updated;
  }),

  delete: announcementsProcedure.input(byId).mutation(({ ctx, input }) => {
    const found = findAnnouncement(ctx.db, ctx.guildId, input.id);
    ctx.db.delete(announcements).where(eq(announcements.id, found.id)).run();
    return { id: found.id, deleted: true as const };
  }),
});
