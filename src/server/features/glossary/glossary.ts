import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { readOnce } from '../../../../db/read-scope';
import { glossaryTerms, guilds } from '../../../../db/schema';
import { GLOSSARY_MAX_TERMS, type GlossaryEntry, glossaryLimits } from '../../../common/glossary/schemas';
import { planIncludes } from '../../../common/plans';
import { ensureGuild } from '../../core/guilds';

/** The server's glossary terms, oldest first. */
export async function listGlossary(db: Db, guildId: string) {
  const terms = await db
    .select({ id: glossaryTerms.id, term: glossaryTerms.term, translations: glossaryTerms.translations })
    .from(glossaryTerms)
    .where(eq(glossaryTerms.guildId, guildId))
    .orderBy(asc(glossaryTerms.id))
    .all();
  return { terms, limits: glossaryLimits };
}

/**
 * The guild's plan with its terms, oldest first (one row with null terms when it has none): the
 * engine's read before each provider call, prepared once per database handle (issue 24). The plan
 * rides in the same statement, so the capability check costs no read of its own.
 */
const planAndTerms = preparedPerDb((db) =>
  db
    .select({ plan: guilds.plan, term: glossaryTerms.term, translations: glossaryTerms.translations })
    .from(guilds)
    .leftJoin(glossaryTerms, eq(glossaryTerms.guildId, guilds.id))
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .orderBy(asc(glossaryTerms.id))
    .prepare(),
);

/**
 * What the engine applies: nothing when the plan does not include the glossary (a guild without
 * a row is on the free plan); read once per message (db/read-scope.ts).
 */
export async function activeGlossary(db: Db, guildId: string): Promise<GlossaryEntry[]> {
  return await readOnce(`glossary-active:${guildId}`, async () => {
    const rows = await planAndTerms(db).all({ guildId });
    if (!rows.length || !planIncludes(rows[0].plan, 'glossary')) return [];
    return rows.flatMap(({ term, translations }) =>
      term === null || translations === null ? [] : [{ term, translations }],
    );
  });
}

const norm = (code: string) => code.trim();

function cleanTranslations(t: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [norm(k), v]));
}

/**
 * Adds one term: refused past the limit or when the term (any case) is there. The checks and the
 * insert run under the glossary's lock (the one replaceGlossary takes): terms added at the same
 * moment cannot both pass them on PostgreSQL.
 */
export async function addGlossaryTerm(db: Db, guildId: string, entry: GlossaryEntry) {
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `glossary:${guildId}`);
    const { terms } = await listGlossary(tx, guildId);
    if (terms.length >= GLOSSARY_MAX_TERMS) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `terms: the glossary holds at most ${GLOSSARY_MAX_TERMS} terms; remove one first`,
      });
    }
    const same = terms.find((t) => t.term.toLowerCase() === entry.term.toLowerCase());
    if (same) {
      throw new TRPCError({ code: 'CONFLICT', message: `term: "${entry.term}" is already in the glossary` });
    }
    await ensureGuild(tx, guildId);
    return await tx
      .insert(glossaryTerms)
      .values({ guildId, term: entry.term, translations: cleanTranslations(entry.translations) })
      .returning({ id: glossaryTerms.id, term: glossaryTerms.term, translations: glossaryTerms.translations })
      .get();
  });
}

export async function replaceGlossary(db: Db, guildId: string, entries: GlossaryEntry[]) {
  await ensureGuild(db, guildId);
  await db.$transaction(async (tx) => {
    // Two replacements at once: one after the other, the last one wins whole.
    await lockFor(tx, `glossary:${guildId}`);
    await tx.delete(glossaryTerms).where(eq(glossaryTerms.guildId, guildId)).run();
    if (entries.length) {
      await tx
        .insert(glossaryTerms)
        .values(
          entries.map((e) => ({ guildId, term: e.term, translations: cleanTranslations(e.translations) })),
        )
        .run();
    }
  });
  return await listGlossary(db, guildId);
}

export async function removeGlossaryTerm(db: Db, guildId: string, id: number) {
  const gone = await db
    .delete(glossaryTerms)
    .where(and(eq(glossaryTerms.id, id), eq(glossaryTerms.guildId, guildId)))
    .returning({ id: glossaryTerms.id })
    .get();
  if (!gone) throw new TRPCError({ code: 'NOT_FOUND', message: `glossary term ${id} not found` });
  return { ok: true as const, id };
}
