import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../../../db/client';
import { contactMessages } from '../../../../db/schema';
import type { ContactInput, ContactType } from '../../../common/contact/schemas';
import { type PlanKey, SUPPORT_TARGETS } from '../../../common/plans';
import type { Env } from '../../core/env';
import { type AccountManager, accountManagerOf } from './account-managers';

/**
 * The contact inbox: every message of the public form is kept for the operator (list, read,
 * archive), and, when SMTP_URL and CONTACT_TO are set, forwarded by email through nodemailer.
 * A failed send is never lost: the message stays in the inbox with the reason and the number of
 * attempts, and is retried with backoff (1, 2, 4... minutes, at most an hour apart) until the
 * SMTP server accepts it.
 */

export type ContactMessage = typeof contactMessages.$inferSelect;

/** The account manager a message is for: its server's, when the sender was verified on Ultimate. */
export async function managerOfMessage(db: Db, m: ContactMessage): Promise<AccountManager | null> {
  return m.serverVerified && m.serverId && m.serverPlan === 'ultimate'
    ? await accountManagerOf(db, m.serverId)
    : null;
}

export interface ContactFilter {
  type?: ContactType;
  archived?: boolean;
}

export async function listContactMessages(db: Db, filter: ContactFilter): Promise<ContactMessage[]> {
  const conditions = [
    filter.archived ? isNotNull(contactMessages.archivedAt) : isNull(contactMessages.archivedAt),
  ];
  if (filter.type) conditions.push(eq(contactMessages.type, filter.type));
  return await db
    .select()
    .from(contactMessages)
    .where(and(...conditions))
    .orderBy(
      // Open messages by when their reply is due (a plan's support target), those without a target
      // after them; archived ones newest first.
      ...(filter.archived
        ? []
        : [asc(sql`${contactMessages.replyDueAt} is null`), asc(contactMessages.replyDueAt)]),
      desc(contactMessages.createdAt),
      desc(contactMessages.id),
    )
    .all();
}

/** The server a message names: its plan when the sender manages it (verified), else only its id. */
export type ContactServer = { id: string; plan: PlanKey; verified: true } | { id: string; verified: false };

/** When the first reply to a message sent at `at` about a server on `plan` is due (null: no target). */
export function replyDue(plan: PlanKey | null, at: Date): Date | null {
  const minutes = plan ? SUPPORT_TARGETS[plan].minutes : null;
  return minutes === null ? null : new Date(at.getTime() + minutes * 60_000);
}

/** Stores a message of the public contact form; answers its id. */
export async function storeContactMessage(
  db: Db,
  input: ContactInput,
  server: ContactServer | null,
  at: Date,
): Promise<number> {
  const { serverId: _typed, ...fields } = input;
  const plan = server?.verified ? server.plan : null;
  const row = await db
    .insert(contactMessages)
    .values({
      ...fields,
      serverId: server?.id ?? null,
      serverPlan: plan,
      serverVerified: Boolean(server?.verified),
      replyDueAt: replyDue(plan, at),
      createdAt: at,
    })
    .returning({ id: contactMessages.id })
    .get();
  return row.id;
}

export async function findContactMessage(db: Db, id: number): Promise<ContactMessage | undefined> {
  return await db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

/** Marks a message read or archived at `at` (`on`), or not (null); answers it as it now is. */
async function setContactMark(db: Db, id: number, mark: 'readAt' | 'archivedAt', on: boolean, at: Date) {
  return await db
    .update(contactMessages)
    .set({ [mark]: on ? at : null })
    .where(eq(contactMessages.id, id))
    .returning()
    .get();
}

export async function setContactRead(
  db: Db,
  id: number,
  read: boolean,
  at: Date,
): Promise<ContactMessage | undefined> {
  return await setContactMark(db, id, 'readAt', read, at);
}

export async function setContactArchived(
  db: Db,
  id: number,
  archived: boolean,
  at: Date,
): Promise<ContactMessage | undefined> {
  return await setContactMark(db, id, 'archivedAt', archived, at);
}

/** Whether forwarding is configured (both variables set). */
export function forwardingEnabled(env: Pick<Env, 'SMTP_URL' | 'CONTACT_TO'>): boolean {
  return Boolean(env.SMTP_URL && env.CONTACT_TO);
}

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, ... at most 60. */
export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

const transports = new Map<string, Transporter>();

/** nodemailer loads with the first email: a process that never forwards one does not hold it. */
async function transportFor(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    // Short timeouts: a dead SMTP server must not hold the contact form's request.
    t = nodemailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    transports.set(url, t);
  }
  return t;
}

const TYPE_LABELS: Record<ContactType, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  support: 'Technical support',
  other: 'Other',
};

/** The email the operator receives for a contact message. */
export function contactEmail(
  env: Pick<Env, 'SUPPORT_EMAIL' | 'CONTACT_TO'>,
  m: ContactMessage,
  manager: AccountManager | null = null,
) {
  return {
    // The sender: the support address when there is one, else the operator's own.
    from: { name: 'Polyglot contact form', address: env.SUPPORT_EMAIL ?? env.CONTACT_TO },
    to: env.CONTACT_TO,
    // An Ultimate server's account manager gets their server's messages too.
    ...(manager ? { cc: { name: manager.name, address: manager.email } } : {}),
    replyTo: { name: m.name, address: m.email },
    subject: `[${TYPE_LABELS[m.type]}] ${m.subject}`,
    text: [
      `From: ${m.name} <${m.email}>`,
      `Type: ${TYPE_LABELS[m.type]}`,
      `Sent: ${m.createdAt.toISOString()}`,
      ...(m.serverId
        ? [
            `Server: ${m.serverId} (${m.serverVerified ? `verified, ${m.serverPlan} plan` : 'not verified: typed by the sender'})`,
          ]
        : []),
      ...(m.replyDueAt ? [`Reply due: ${m.replyDueAt.toISOString()}`] : []),
      ...(manager ? [`Account manager: ${manager.name} <${manager.email}>`] : []),
      `Message #${m.id}`,
      '',
      m.message,
      '',
      '-- ',
      'Reply to this email to answer the sender. The message is also in the dashboard Inbox.',
    ].join('\n'),
    headers: { 'X-Polyglot-Contact-Id': String(m.id) },
  };
}

export type ForwardResult = { ok: true } | { ok: false; error: string } | { ok: false; skipped: true };

/** Sends one message by email and records the outcome on it (never throws). */
export async function forwardContactMessage(
  db: Db,
  env: Pick<Env, 'SMTP_URL' | 'CONTACT_TO' | 'SUPPORT_EMAIL'>,
  clock: () => Date,
  id: number,
): Promise<ForwardResult> {
  const m = await findContactMessage(db, id);
  if (!m || m.forwardedAt || !forwardingEnabled(env)) return { ok: false, skipped: true };
  // Claimed first (atomic): another process, or another tick of this one, sending it already wins.
  const now = clock();
  const claimed = await db
    .update(contactMessages)
    .set({ forwardClaimedUntil: new Date(now.getTime() + FORWARD_CLAIM_MS) })
    .where(
      and(
        eq(contactMessages.id, id),
        isNull(contactMessages.forwardedAt),
        or(isNull(contactMessages.forwardClaimedUntil), lte(contactMessages.forwardClaimedUntil, now)),
      ),
    )
    .run();
  if (claimed.changes === 0) return { ok: false, skipped: true };
  try {
    await (await transportFor(env.SMTP_URL!)).sendMail(contactEmail(env, m, await managerOfMessage(db, m)));
    await db
      .update(contactMessages)
      .set({
        forwardedAt: clock(),
        forwardAttempts: m.forwardAttempts + 1,
        forwardError: null,
        nextForwardAt: null,
        forwardClaimedUntil: null,
      })
      .where(eq(contactMessages.id, id))
      .run();
    return { ok: true };
  } catch (err) {
    const error = (err as Error).message.slice(0, 500) || 'the SMTP server refused the message';
    const attempts = m.forwardAttempts + 1;
    await db
      .update(contactMessages)
      .set({
        forwardAttempts: attempts,
        forwardError: error,
        nextForwardAt: new Date(clock().getTime() + backoffMs(attempts)),
        forwardClaimedUntil: null,
      })
      .where(eq(contactMessages.id, id))
      .run();
    console.warn(`Contact message ${id} not forwarded (attempt ${attempts}): ${error}`);
    return { ok: false, error };
  }
}

/** How long a process may take to hand a message to the SMTP server before another may try. */
export const FORWARD_CLAIM_MS = 2 * 60_000;

/** Messages not forwarded yet whose next attempt is due (or never tried), oldest first. */
export async function dueForwards(db: Db, now: Date): Promise<number[]> {
  return (
    await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          isNull(contactMessages.forwardedAt),
          or(isNull(contactMessages.nextForwardAt), lte(contactMessages.nextForwardAt, now)),
        ),
      )
      .orderBy(asc(contactMessages.id))
      .all()
  ).map((r) => r.id);
}

/** Forwards everything due; returns how many went out. */
export async function forwardDue(
  db: Db,
  env: Pick<Env, 'SMTP_URL' | 'CONTACT_TO' | 'SUPPORT_EMAIL'>,
  clock: () => Date,
): Promise<number> {
  if (!forwardingEnabled(env)) return 0;
  let sent = 0;
  for (const id of await dueForwards(db, clock())) {
    if ((await forwardContactMessage(db, env, clock, id)).ok) sent++;
  }
  return sent;
}

/** Retries due forwards every minute while the server runs (and once at start). Returns stop(). */
export function startContactForwarding(
  db: Db,
  env: Pick<Env, 'SMTP_URL' | 'CONTACT_TO' | 'SUPPORT_EMAIL'>,
  clock: () => Date,
  everyMs = 60_000,
): () => void {
  if (!forwardingEnabled(env)) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    forwardDue(db, env, clock)
      .catch((err) => console.error('Contact forwarding failed:', err))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
