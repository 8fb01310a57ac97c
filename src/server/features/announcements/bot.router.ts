import { z } from 'zod';
import {
  announcementPosts,
  pendingAnnouncements,
  recordAnnouncementResults,
} from '../announcements/delivery';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';

/** The bot's announcement procedures: what to post where, the results, what waits after a restart. In-process only, reached as announcements.bot.*. */
export const announcementsBotRouter = router({
  // ---- Announcements (Post Now) ----
  announcementPosts: botGuildProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(async ({ ctx, input }) => await announcementPosts(ctx.db, ctx.guildId, input.id)),
  announcementResults: botGuildProcedure
    .input(
      z.object({
        id: z.number().int().positive(),
        results: z.array(
          z.object({
            channelId: z.string(),
            language: z.string(),
            ok: z.boolean(),
            error: z.string().optional(),
            messageId: z.string().optional(),
          }),
        ),
      }),
    )
    .mutation(
      async ({ ctx, input }) =>
        await recordAnnouncementResults(ctx.db, ctx.guildId, input.id, input.results, ctx.clock()),
    ),

  pendingAnnouncements: botProcedure.query(async ({ ctx }) => await pendingAnnouncements(ctx.db)),
});
