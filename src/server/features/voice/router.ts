import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { channelOf } from '../../../common/schemas/discord-refs';
import { rowId } from '../../../common/schemas/util';
import { voiceSessionUpdate } from '../../../common/voice/schemas';
import { guildDefaultLanguage, memberLanguage } from '../translation/members';
import { voiceLine } from '../../../common/voice/lines';
import { voiceReply } from './replies';
import {
  activeVoiceSessions,
  captionLanguages,
  captionUtterance,
  endVoiceSession,
  startVoiceSession,
  voiceMinutesLeft,
} from './sessions';
import { activeVoiceSessionIn, endFromDashboard, findVoiceSession, listVoiceSessions } from './records';
import { readVoiceSettings, updateVoiceSettings } from './settings';
import {
  botGuildProcedure,
  botProcedure,
  guildIdSchema,
  guildProcedure,
  notFound,
  requires,
  router,
} from '../../core/trpc';

const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

/** The dashboard's voice procedures need the plan that sells voice translation (Pro). */
const voiceProcedure = guildProcedure.use(await requires('voice'));

export const voiceRouter = router({
  /** Every session of the guild, newest first (REST: the guild in the path). */
  sessions: voiceProcedure.query(async ({ ctx }) => await listVoiceSessions(ctx.db, ctx.guildId)),

  active: voiceProcedure.query(async ({ ctx }) => await listVoiceSessions(ctx.db, ctx.guildId, true)),

  /** Where captions go by default: a text channel or thread (null: each voice channel's own chat). */
  settings: voiceProcedure.query(async ({ ctx }) => await readVoiceSettings(ctx.db, ctx.guildId)),
  updateSettings: voiceProcedure
    .input(z.object({ captionChannelId: channelOf('textOrThread', discordId).nullable() }))
    .mutation(
      async ({ ctx, input }) => await updateVoiceSettings(ctx.db, ctx.guildId, input.captionChannelId),
    ),

  /** End Session: only an active session ends; the bot leaves the channel on 'voice:ended'. */
  update: voiceProcedure
    .input(z.object({ sessionId: rowId }))
    .input(voiceSessionUpdate)
    .mutation(async ({ ctx, input }) => {
      const session = await findVoiceSession(ctx.db, ctx.guildId, input.sessionId);
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
      const updated = await endFromDashboard(ctx.db, session.id, input.endedAt, ms);
      await ctx.events.publish('voice:ended', { guildId: session.guildId, sessionId: session.id });
      return updated;
    }),

  // ---- The bot's side (in-process only): /voice start and stop, captions, the session's end ----
  /** The bot's own procedures of live captions (in-process only). */
  bot: router({
    /** /voice start: the session row, or a refusal in the member's language (nothing written). */
    start: botGuildProcedure
      .input(
        z.object({
          channelId: discordId,
          channelName: z.string(),
          languages: z.string().max(200).nullable(),
          userId: discordId,
          locale: z.string().nullable(),
          /** Members of the server the bot knows (their Discord locales), for the default languages. */
          members: z.array(z.object({ userId: discordId, locale: z.string().nullable() })).max(5000),
          /** captions: in /voice start, a text channel (threadId null) or a thread of one. */
          caption: z.object({ channelId: discordId, threadId: discordId.nullable() }).nullable().optional(),
        }),
      )
      .mutation(async ({ ctx, input }) => {
        const fallback = await guildDefaultLanguage(ctx.db, ctx.guildId);
        const memberLang = (await memberLanguage(ctx.db, input.userId, input.locale, fallback)).code;
        const spoken: string[] = [];
        for (const m of input.members)
          spoken.push((await memberLanguage(ctx.db, m.userId, m.locale, fallback)).code);
        const languages = captionLanguages(input.languages, spoken);
        return await startVoiceSession(ctx, {
          guildId: ctx.guildId,
          channelId: input.channelId,
          channelName: input.channelName,
          languages,
          startedBy: input.userId,
          memberLanguage: memberLang,
          caption: input.caption,
        });
      }),
    /** A /voice reply (a line of the voice phrases) in the member's language, through the speaker. */
    reply: botProcedure
      .input(
        z.object({
          /** null: outside a server (the member's own language, else their locale). */
          guildId: guildIdSchema.nullable(),
          userId: discordId,
          locale: z.string().max(20).nullable(),
          line: voiceLine,
        }),
      )
      .query(async ({ ctx, input }) => ({ content: await voiceReply(ctx, input, input.line) })),
    /** The session in a channel, for /voice stop. */
    activeIn: botGuildProcedure
      .input(z.object({ channelId: discordId }))
      .query(
        async ({ ctx, input }) => (await activeVoiceSessionIn(ctx.db, ctx.guildId, input.channelId)) ?? null,
      ),
    /** Minutes this server has left this month (null: unlimited), for the session's timer. */
    minutesLeft: botGuildProcedure.query(async ({ ctx }) => ({
      minutes: await voiceMinutesLeft(ctx.db, ctx.guildId, ctx.clock()),
    })),
    /** The bot left the channel (or never got in): the session ends, with the reason. */
    end: botProcedure
      .input(
        z.object({
          sessionId: rowId,
          status: z.enum(['ended', 'error']),
          reason: z.string().min(1).max(300),
        }),
      )
      .mutation(
        async ({ ctx, input }) =>
          await endVoiceSession(
            ctx.db,
            input.sessionId,
            { status: input.status, reason: input.reason },
            ctx.clock(),
          ),
      ),
    /**
     * On start the bot is in no voice channel: sessions started before it connected, still marked
     * active, end with that reason (sessions started since are its own).
     */
    endStale: botProcedure.input(z.object({ connectedAt: z.date() })).mutation(async ({ ctx, input }) => {
      const ended = [];
      for (const s of await activeVoiceSessions(ctx.db)) {
        if (s.startedAt >= input.connectedAt) continue;
        ended.push(
          await endVoiceSession(
            ctx.db,
            s.id,
            { status: 'error', reason: 'the bot restarted and left the channel' },
            ctx.clock(),
          ),
        );
      }
      return ended;
    }),
    /** One utterance (WAV in memory): its caption, or why none. */
    caption: botProcedure
      .input(
        z.object({
          sessionId: rowId,
          audio: z.instanceof(Uint8Array),
          mimeType: z.string(),
          userId: discordId,
          username: z.string(),
        }),
      )
      .mutation(({ ctx, input }) => captionUtterance(ctx, input)),
  }),
});
