import { z } from 'zod';
import { recordModerationOutcome } from '../moderation/actions';
import { logChannelOf, reportPermissionProblem } from '../../core/permission-reports';
import { botGuildProcedure, router } from '../../core/trpc';
import { id } from '../../core/bot-message';

/** The bot's moderation procedures: the outcome of an automatic action, permission problems, the log channel. In-process only, reached as moderation.bot.*. */
export const moderationBotRouter = router({
  /** What Discord accepted of a moderation action; answers the log channel's report. */
  moderationOutcome: botGuildProcedure
    .input(
      z.object({
        logId: z.number().int().positive(),
        channelId: id,
        messageId: id,
        deleted: z.boolean().nullable(),
        deleteError: z.string().max(300).optional(),
        timedOut: z.boolean().nullable(),
        timeoutError: z.string().max(300).optional(),
        notified: z.enum(['dm', 'channel', 'none']),
      }),
    )
    .mutation(
      async ({ ctx, input }) =>
        await recordModerationOutcome(ctx.db, ctx.translator, ctx.guildId, input, ctx.clock()),
    ),
  reportPermission: botGuildProcedure
    .input(z.object({ channelId: id, action: z.string(), error: z.string(), botUserId: z.string() }))
    .mutation(
      async ({ ctx, input }) =>
        await reportPermissionProblem(
          ctx.db,
          { guildId: ctx.guildId, channelId: input.channelId, action: input.action, error: input.error },
          input.botUserId,
          ctx.clock(),
        ),
    ),
  logChannel: botGuildProcedure.query(async ({ ctx }) => ({
    channelId: await logChannelOf(ctx.db, ctx.guildId),
  })),
});
