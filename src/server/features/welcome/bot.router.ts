import { z } from 'zod';
import { reactionRoleFor } from '../reaction-roles/reaction-roles';
import { planWelcome } from './welcome';
import { botGuildProcedure, router } from '../../core/trpc';

/**
 * The dashboard's Welcome & Roles settings, as the bot acts on them: what a new member gets
 * (welcomeFor) and which role a reaction gives (reactionRole). Bot only; the rules live in
 * services/welcome.ts and services/reaction-roles.ts.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

export const welcomeBotRouter = router({
  welcomeFor: botGuildProcedure
    .input(z.object({ userId: id, locale: z.string().nullable() }))
    .query(({ ctx, input }) => planWelcome(ctx.db, ctx.translator, ctx.guildId, input)),

  reactionRole: botGuildProcedure
    .input(
      z.object({
        messageId: id,
        emoji: z.object({ name: z.string().nullable(), id: id.nullable() }),
      }),
    )
    .query(
      async ({ ctx, input }) => await reactionRoleFor(ctx.db, ctx.guildId, input.messageId, input.emoji),
    ),
});
