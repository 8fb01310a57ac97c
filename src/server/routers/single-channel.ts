import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { findLanguage } from '../../common/languages';
import { languageCode, rowId } from '../../common/schemas/util';
import { readSingleChannel, setSingleChannelLanguages } from '../services/single-channel';
import { guildProcedure, router } from '../trpc';

/** Single-channel mode's list of languages, for the dashboard and the API (not only the bot). */
export const SINGLE_CHANNEL_MAX_LANGUAGES = 10;

const languages = z
  .array(languageCode, { error: 'must be a list of language codes' })
  .max(SINGLE_CHANNEL_MAX_LANGUAGES, `at most ${SINGLE_CHANNEL_MAX_LANGUAGES} languages`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((code, i) => {
      if (!findLanguage(code))
        ctx.addIssue({ code: 'custom', path: [i], message: `unknown language code ${code}` });
      if (seen.has(code)) ctx.addIssue({ code: 'custom', path: [i], message: `${code} is listed twice` });
      seen.add(code);
    });
  });

export const singleChannelRouter = router({
  get: guildProcedure
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => readSingleChannel(ctx.db, ctx.guildId, input.id)),
  setLanguages: guildProcedure.input(z.object({ id: rowId, languages })).mutation(({ ctx, input }) => {
    if (input.languages.length === 0) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'languages: give at least one language code' });
    }
    return setSingleChannelLanguages(ctx.db, ctx.guildId, input.id, input.languages);
  }),
});
