import { glossaryEntry, glossaryId, glossaryReplace } from '../../common/schemas/glossary';
import { addGlossaryTerm, listGlossary, removeGlossaryTerm, replaceGlossary } from '../services/glossary';
import { guildProcedure, requires, router } from '../trpc';

/** Server glossary (Plus): terms never translated, and fixed translations per language. */
export const glossaryRouter = router({
  list: guildProcedure.query(({ ctx }) => listGlossary(ctx.db, ctx.guildId)),
  add: guildProcedure
    .use(requires('glossary'))
    .input(glossaryEntry)
    .mutation(({ ctx, input }) => addGlossaryTerm(ctx.db, ctx.guildId, input)),
  replace: guildProcedure
    .use(requires('glossary'))
    .input(glossaryReplace)
    .mutation(({ ctx, input }) => replaceGlossary(ctx.db, ctx.guildId, input.terms)),
  remove: guildProcedure
    .use(requires('glossary'))
    .input(glossaryId)
    .mutation(({ ctx, input }) => removeGlossaryTerm(ctx.db, ctx.guildId, input.id)),
});
