import { translationStylePatch } from '../../../common/translation-style/schemas';
import { assertCapability } from '../../core/plans';
import { readTranslationStyle, updateTranslationStyle } from './translation-style';
import { guildProcedure, router } from '../../core/trpc';

/** Custom instructions and slang-aware mode (Pro): what the model is told about this server. */
export const translationStyleRouter = router({
  get: guildProcedure.query(async ({ ctx }) => await readTranslationStyle(ctx.db, ctx.guildId)),
  update: guildProcedure.input(translationStylePatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    // Each field needs its own capability (both are Pro today, but they are sold separately).
    if (patch.customInstructions !== undefined)
      await assertCapability(ctx.db, ctx.guildId, 'customInstructions');
    if (patch.slang !== undefined) await assertCapability(ctx.db, ctx.guildId, 'slang');
    return await updateTranslationStyle(ctx.db, ctx.guildId, patch);
  }),
});
