import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { voiceSessions } from '../../../db/schema';
import { rowId } from '../../common/schemas/util';
import { voiceSessionUpdate } from '../../common/schemas/voice';
import { guildProcedure, notFound, router } from '../trpc';

const newest = [desc(voiceSessions.startedAt), desc(voiceSessions.id)];

export const voiceRouter = router({
  /** Every session of the guild, newest first (REST: the guild in the path). */
  sessions: guildProcedure.query(({ ctx }) =>
    ctx.db.select().from(voiceSessions).where(eq(voiceSessions.guildId, ctx.guildId)).orderBy(...newest).all(),
  ),

  active: guildProcedure.query(({ ctx }) =>
    ctx.db
      .select()
      .from(voiceSessions)
      .where(and(eq(voiceSessions.guildId, ctx.guildId), eq(voiceSessions.status, 'active')))
      .orderBy(...newest)
      .all(),
  ),

  /** End Session: only an active session ends; the bot leaves the channel on 'voice:ended'. */
  update: guildProcedure
    .input(z.object({ sessionId: rowId }))
    .input(voiceSessionUpdate)
    .mutation(({ ctx, input }) => {
      const session = ctx.db
        .select()
        .from(voiceSessions)
        .where(and(eq(voiceSessions.id, input.sessionId), eq(voiceSessions.guildId, ctx.guildId)))
        .get();
      if (!session) notFound('voice session', input.sessionId);
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
