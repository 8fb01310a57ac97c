import { lt, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { contactMessages } from '../../../../db/schema';
import { CONTACT_RETENTION_DAYS } from '../../../common/contact/schemas';

const DAY = 86_400_000;

/**
 * The retention job's part (app/services.ts `retentionPurges`): deletes the messages archived over
 * CONTACT_RETENTION_DAYS.afterArchived days ago, and every message sent over afterSent days ago.
 */
export async function deleteOldContactMessages(db: Db, now: Date): Promise<number> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  return (
    await db
      .delete(contactMessages)
      .where(
        or(
          lt(contactMessages.archivedAt, ago(CONTACT_RETENTION_DAYS.afterArchived)),
          lt(contactMessages.createdAt, ago(CONTACT_RETENTION_DAYS.afterSent)),
        ),
      )
      .run()
  ).changes;
}
