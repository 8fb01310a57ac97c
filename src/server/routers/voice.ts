import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { voiceSessions } from '../../../db/schema';
import { pathId } from '../../common/schemas/learning';
import { rowId } from '../../common/schemas/util';
import { voiceSessionUpdate } from '../../common/schemas/voice';
import { adminProcedure, guildIdSchema, notFound, router } from '../trpc';

/** The dashboard sends the literal 'default' for the default server (spec section 6). */
const guildOf = (id: string, defaultGuildId: string) => (id === 'default' ? defaultGuildId : id);
const newest = [desc(voiceSessions.startedAt), desc(voiceSessions.id)];

export const voiceRouter = router({
  /** Every session of the guild `id`, newest first. */
  sessions: adminProcedure.input(z.object({ id: pathId })).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(voiceSessions)
      .where(eq(voiceSessions.guildId, guildOf(input.id, ctx.env.DEFAULT_GUILD_ID)))
      .orderBy(...newest)
      .all(),
  ),

  active: adminProcedure.input(z.object({ id: pathId })).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(voiceSessions)
      .where(
        and(
          eq(voiceSessions.guildId, guildOf(input.id, ctx.env.DEFAULT_GUILD_ID)),
          eq(voiceSessions.status, 'active'),
        ),
      )
      .orderBy(...newest)
      .all(),
  ),

  /** End Session: only an active session ends; the bot leaves the channel on 'voice:ended'. */
  update: adminProcedure
    .input(z.object({ sessionId: rowId, guildId: guildIdSchema.optional() }))
    .input(voiceSessionUpdate)
    .mutation(({ ctx, input }) => {
      const session = ctx.db.select().from(voiceSessions).where(eq(voiceSessions.id, input.sessionId)).get();
      if (!session || (input.guildId && session.guildId !== input.guildId))
        notFound('voice session', input.sessionId);
      if (session.status !== 'active') {
        throw new TRPCError({
          code: 'CONFLICT',
          message: `voice session ${session.id} is ${session.status}, not active`,
        });
      }
      const ms = input.endedAt.getTime() - session.startedAt.getTime();
      if (ms < 0) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `endedAt: must not be before the session started (${session.startedAt.toISOString()})`,
        });
      }
      const updated = ctx.db
        .update(voiceSessions)
        .set({ status: 'ended', endedAt: input.endedAt, durationSeconds: Math.round(ms / 1000) })
        .where(eq(voiceSessions.id, session.id))
        .returning()
        .get();
      ctx.events.emit('voice:ended', { guildId: session.guildId, sessionId: session.id });
      return updated;
    }),
});
