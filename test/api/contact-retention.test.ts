import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { CONTACT_RETENTION_DAYS } from '../../src/common/contact/schemas';
import { runRetention } from '../../src/server/core/retention';
import { retentionPurges } from '../../src/server/app/services';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The privacy page's promise for contact messages, kept by the daily retention job: a message is
 * deleted CONTACT_RETENTION_DAYS.afterArchived days after the operator archives it, and every
 * message afterSent days after it was sent; one inside both periods stays in the inbox.
 */

const DAY = 86_400_000;
const now = new Date('2026-11-20T03:17:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);
const { afterArchived, afterSent } = CONTACT_RETENTION_DAYS;
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function store(subject: string, sent: Date, archived: Date | null) {
  await s.services.db
    .insert(contactMessages)
    .values({
      name: 'Ana',
      email: 'ana@example.com',
      subject,
      type: 'support',
      message: 'Help please.',
      createdAt: sent,
      archivedAt: archived,
      readAt: archived,
    })
    .run();
}

const inbox = async (archived: boolean) => {
  const res = await s.api(`/api/contact/messages?archived=${archived}`, { admin: true });
  expect(res.status).toBe(200);
  const body = res.json as { messages: { subject: string }[] };
  return body.messages.map((m) => m.subject).sort();
};

describe('contact message retention', () => {
  it('deletes messages archived past the period and any sent past the longest; keeps the rest', async () => {
    await store('closed long ago', daysAgo(afterArchived + 30), daysAgo(afterArchived + 1));
    await store('closed recently', daysAgo(afterArchived + 30), daysAgo(afterArchived - 1));
    await store('open, too old', daysAgo(afterSent + 1), null);
    await store('open, inside', daysAgo(afterSent - 1), null);
    await store('open, new', daysAgo(1), null);

    const result = await runRetention(s.services.db, now, retentionPurges);
    expect(result.contactMessages).toBe(2);
    expect(await inbox(false)).toEqual(['open, inside', 'open, new']);
    expect(await inbox(true)).toEqual(['closed recently']);

    // Two days later the recently closed one is past its period, and the year-old open one too.
    const later = await runRetention(s.services.db, new Date(now.getTime() + 2 * DAY), retentionPurges);
    expect(later.contactMessages).toBe(2);
    expect(await inbox(false)).toEqual(['open, new']);
    expect(await inbox(true)).toEqual([]);
  });
});
