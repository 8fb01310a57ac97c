import { glossaryEntry, glossaryId, glossaryReplace } from '../../../common/glossary/schemas';
import { addGlossaryTerm, listGlossary, removeGlossaryTerm, replaceGlossary } from './glossary';
import { guildProcedure, requires, router } from '../../core/trpc';

/** Server glossary (Plus): terms never translated, and fixed translations per language. */
export const glossaryRouter = router({
  list: guildProcedure.query(async ({ ctx }) => await listGlossary(ctx.db, ctx.guildId)),
  add: guildProcedure
    .use(await requires('glossary'))
    .input(glossaryEntry)
    .mutation(async ({ ctx, input }) => await addGlossaryTerm(ctx.db, ctx.guildId, input)),
  replace: guildProcedure
    .use(await requires('glossary'))
    .input(glossaryReplace)
    .mutation(async ({ ctx, input }) => await replaceGlossary(ctx.db, ctx.guildId, input.terms)),
  remove: guildProcedure
    .use(await requires('glossary'))
    .input(glossaryId)
    .mutation(async ({ ctx, input }) => await removeGlossaryTerm(ctx.db, ctx.guildId, input.id)),
});
