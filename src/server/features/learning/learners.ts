import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { learnerProgress } from '../../../../db/schema';
import type { Progress } from './progress';

/** The learners of the server, most words first. */
export async function listLearners(db: Db, guildId: string): Promise<Progress[]> {
  return await db
    .select()
    .from(learnerProgress)
    .where(eq(learnerProgress.guildId, guildId))
    .orderBy(desc(learnerProgress.wordsLearned), asc(learnerProgress.id))
    .all();
}
