import { z } from 'zod';
import { languageName } from '../../../common/languages';
import { isOperator, providerErrorOf, recordProviderTest, setupChecklist } from './setup';
import { adminProcedure, operatorProcedure, router } from '../../core/trpc';
import { inviteUrlFor } from '../site/invite';

const SAMPLE = 'Hello! The bot is ready to translate your server.';

/** Setup of a new installation (issue 14): the bot's connection and the operator's checklist. */
export const setupRouter = router({
  /** The bot's connection as the bot itself last reported it (online, offline, not configured). */
  status: adminProcedure.query(async ({ ctx }) => ({
    bot: await ctx.botStatus.get(),
    operator: isOperator(ctx),
  })),

  /** Every setup step, done or not, read from the running system (the operator's own checklist). */
  checklist: operatorProcedure.query(
    async ({ ctx }) =>
      await setupChecklist({
        db: ctx.db,
        env: ctx.env,
        bot: await ctx.botStatus.get(),
        provider: ctx.translator.provider,
        inviteUrl: inviteUrlFor(ctx.env.DISCORD_CLIENT_ID),
        operator: isOperator(ctx),
        providerError: providerErrorOf(ctx.translator),
      }),
  ),

  /** One short sentence through the configured provider: proves the key and the model work. */
  testTranslation: operatorProcedure
    .input(
      z
        .object({
          target: z
            .string()
            .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/)
            .default('es'),
        })
        .default({ target: 'es' }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!ctx.translator.provider) {
        return { ok: false as const, error: 'No translation provider is configured.', provider: null };
      }
      try {
        const result = await ctx.translator.translate({
          text: SAMPLE,
          targets: [input.target],
          source: 'en',
          origin: 'cli',
        });
        const text = result.translations[input.target];
        if (!text) throw new Error(`the provider returned no ${languageName(input.target)} text`);
        recordProviderTest(ctx.translator, null);
        return {
          ok: true as const,
          provider: ctx.translator.provider,
          original: SAMPLE,
          text,
          language: languageName(input.target),
        };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        recordProviderTest(ctx.translator, error);
        return { ok: false as const, error, provider: ctx.translator.provider };
      }
    }),
});
