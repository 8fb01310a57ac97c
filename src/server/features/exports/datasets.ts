import { type SQL, sql } from 'drizzle-orm';
import { rawAll, rawGet } from '../../../../db/client';
import { type ExportDataset, rangeMs } from '../../../common/exports/schemas';
import { providerShares } from '../analytics/providers';
import { casesDataset } from './case-rows';
import { after, DAY, EXPORT_PAGE_SIZE, type ExportRow, iso, keyset, pct, type Scope } from './pages';

export { EXPORT_PAGE_SIZE, type ExportRow } from './pages';

/**
 * The rows of each export, read in pages so an export of a million rows holds one page in memory.
 * Logs are read by keyset (created_at, id) through their (guild_id, created_at) index; the analytics
 * datasets read the daily rollups (a few hundred rows) or group the range's logs by member. Every
 * value is a string, a number or null; times are ISO 8601 (UTC). No column holds message text.
 */
async function* translations({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  for await (const rows of keyset(
    (afterAt, afterId) =>
      rawAll<{
        id: number;
        at: number;
        channelId: string | null;
        userId: string | null;
        username: string | null;
        sourceLanguage: string;
        targetLanguage: string;
        characters: number;
        latencyMs: number;
        inputTokens: number;
        outputTokens: number;
        cachedTokens: number;
        outcome: string;
        source: string;
        provider: string | null;
      }>(
        db,
        sql`select id, created_at as "at", channel_id as "channelId", user_id as "userId", username,
              source_language as "sourceLanguage", target_language as "targetLanguage", characters,
              latency_ms as "latencyMs", input_tokens as "inputTokens", output_tokens as "outputTokens",
              cached_tokens as "cachedTokens", outcome, source, provider
            from translation_logs
           where guild_id = ${guildId} and created_at < ${end}
             and ${after(sql`created_at`, sql`id`, afterAt, afterId)}
           order by created_at, id limit ${EXPORT_PAGE_SIZE}`,
      ),
    start,
  )) {
    yield rows.map(({ at, ...r }) => ({
      id: Number(r.id),
      createdAt: iso(at),
      channelId: r.channelId,
      userId: r.userId,
      username: r.username,
      sourceLanguage: r.sourceLanguage,
      targetLanguage: r.targetLanguage,
      characters: Number(r.characters),
      latencyMs: Number(r.latencyMs),
      inputTokens: Number(r.inputTokens),
      outputTokens: Number(r.outputTokens),
      cachedTokens: Number(r.cachedTokens),
      outcome: r.outcome,
      source: r.source,
      provider: r.provider,
    }));
  }
}

async function* moderation({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  for await (const rows of keyset(
    (afterAt, afterId) =>
      rawAll<{
        id: number;
        at: number;
        type: string;
        userId: string;
        action: string;
        rule: string;
        language: string;
      }>(
        db,
        // The flagged excerpt (column message) is never read.
        sql`select id, "timestamp" as "at", type, user_id as "userId", action, rule, language
            from moderation_logs
           where guild_id = ${guildId} and "timestamp" < ${end}
             and ${after(sql`"timestamp"`, sql`id`, afterAt, afterId)}
           order by "timestamp", id limit ${EXPORT_PAGE_SIZE}`,
      ),
    start,
  )) {
    yield rows.map(({ at, ...r }) => ({
      id: Number(r.id),
      timestamp: iso(at),
      type: r.type,
      userId: r.userId,
      action: r.action,
      rule: r.rule,
      language: r.language,
    }));
  }
}

async function* tickets({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  for await (const rows of keyset(
    (afterAt, afterId) =>
      rawAll<{
        id: number;
        at: number;
        resolvedAt: number | null;
        status: string;
        priority: string;
        category: string | null;
        userId: string;
        userLanguage: string;
        supportLanguage: string;
        channelId: string | null;
        messages: number;
        claimedBy: string | null;
        rating: number | null;
        closeReason: string | null;
      }>(
        db,
        // Subject, description and the conversation are the members' words: never read. The close
        // reason is the one written text included: the closer's one line on why (docs/tickets.md).
        sql`select t.id, t.created_at as "at", t.resolved_at as "resolvedAt", t.status, t.priority, t.category,
              t.user_id as "userId", t.user_language as "userLanguage", t.support_language as "supportLanguage",
              t.channel_id as "channelId", t.claimed_by as "claimedBy", t.rating, t.close_reason as "closeReason",
              (select count(*) from ticket_messages m where m.ticket_id = t.id and m.kind = 'message') as messages
            from tickets t
           where t.guild_id = ${guildId} and t.created_at < ${end}
             and ${after(sql`t.created_at`, sql`t.id`, afterAt, afterId)}
           order by t.created_at, t.id limit ${EXPORT_PAGE_SIZE}`,
      ),
    start,
  )) {
    yield rows.map(({ at, ...r }) => ({
      id: Number(r.id),
      createdAt: iso(at),
      resolvedAt: iso(r.resolvedAt),
      status: r.status,
      priority: r.priority,
      category: r.category,
      userId: r.userId,
      userLanguage: r.userLanguage,
      supportLanguage: r.supportLanguage,
      channelId: r.channelId,
      messages: Number(r.messages),
      claimedBy: r.claimedBy,
      rating: r.rating === null ? null : Number(r.rating),
      closeReason: r.closeReason,
    }));
  }
}

/** Successful translations per UTC day of the range, days without any included (the screen's trend). */
async function* daily({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  const counts = new Map(
    (
      await rawAll<{ day: number; n: number }>(
        db,
        sql`select day, sum(count) as n from analytics_daily
           where guild_id = ${guildId} and outcome = 'ok' and day >= ${start} and day < ${end} group by day`,
      )
    ).map((r) => [Number(r.day), Number(r.n)]),
  );
  let page: ExportRow[] = [];
  for (let day = start; day < end; day += DAY) {
    page.push({ date: new Date(day).toISOString().slice(0, 10), count: counts.get(day) ?? 0 });
    if (page.length === EXPORT_PAGE_SIZE) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** Every language pair of the range: successful translations and success rate (ok against ok + error). */
async function* languagePairs({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  const rows = await rawAll<{ from: string; to: string; ok: number; err: number }>(
    db,
    sql`select source_language as "from", target_language as "to",
          sum(case when outcome = 'ok' then count else 0 end) as ok,
          sum(case when outcome = 'error' then count else 0 end) as err
        from analytics_daily
       where guild_id = ${guildId} and outcome in ('ok', 'error') and day >= ${start} and day < ${end}
       group by source_language, target_language`,
  );
  const pairs = rows
    .map((r) => ({ from: r.from, to: r.to, ok: Number(r.ok), err: Number(r.err) }))
    .sort((a, b) => b.ok - a.ok || b.err - a.err || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  for (let i = 0; i < pairs.length; i += EXPORT_PAGE_SIZE) {
    yield pairs.slice(i, i + EXPORT_PAGE_SIZE).map((p) => ({
      from: p.from,
      to: p.to,
      count: p.ok,
      successRate: pct(p.ok, p.ok + p.err),
    }));
  }
}

/**
 * Members by successful translations in the range (the screen's top translators, every member
 * rather than ten); the name is the one of their newest translation.
 */
async function* topTranslators({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  let offset = 0;
  for (;;) {
    const rows = await rawAll<{ userId: string; username: string | null; ok: number; err: number }>(
      db,
      sql`select l.user_id as "userId", nullif(m.username, '') as username, l.ok, l.err
          from (select user_id, sum(case when outcome = 'ok' then 1 else 0 end) as ok,
                       sum(case when outcome = 'error' then 1 else 0 end) as err
                  from translation_logs
                 where guild_id = ${guildId} and user_id is not null and created_at >= ${start} and created_at < ${end}
                 group by user_id) l
          left join analytics_members m on m.guild_id = ${guildId} and m.user_id = l.user_id
         where l.ok > 0
         order by l.ok desc, l.user_id limit ${EXPORT_PAGE_SIZE} offset ${offset}`,
    );
    if (rows.length) {
      yield rows.map((r) => ({
        userId: r.userId,
        username: r.username ?? r.userId,
        count: Number(r.ok),
        accuracy: pct(Number(r.ok), Number(r.ok) + Number(r.err)),
      }));
    }
    if (rows.length < EXPORT_PAGE_SIZE) return;
    offset += EXPORT_PAGE_SIZE;
  }
}

/** Which provider served each share of the range (the screen's providers card), most translations first. */
async function* providers({ db, guildId, from, to, operatorLanes = [] }: Scope) {
  const { start, end } = rangeMs(from, to);
  const rows = await providerShares(db, guildId, start, end, operatorLanes);
  for (let i = 0; i < rows.length; i += EXPORT_PAGE_SIZE) {
    yield rows.slice(i, i + EXPORT_PAGE_SIZE).map((r) => ({
      provider: r.lane,
      name: r.name,
      role: r.role,
      translations: r.translations,
      characters: r.characters,
      errors: r.errors,
      share: r.share,
    }));
  }
}

const READERS: Record<ExportDataset, (scope: Scope) => AsyncGenerator<ExportRow[]>> = {
  daily,
  'language-pairs': languagePairs,
  'top-translators': topTranslators,
  providers,
  translations,
  moderation,
  tickets,
  cases: casesDataset,
};

/** The pages of one dataset for one server and range. */
export function exportPages(dataset: ExportDataset, scope: Scope): AsyncGenerator<ExportRow[]> {
  return READERS[dataset](scope);
}

/** How many rows the export will hold (the download's progress bar); read before streaming. */
export async function exportRowCount(
  dataset: ExportDataset,
  { db, guildId, from, to }: Scope,
): Promise<number> {
  const { start, end } = rangeMs(from, to);
  const count = async (query: SQL) => Number((await rawGet<{ n: number }>(db, query))?.n ?? 0);
  switch (dataset) {
    case 'daily':
      return Math.round((end - start) / DAY);
    case 'language-pairs':
      return count(sql`select count(*) as n from (select 1 from analytics_daily
        where guild_id = ${guildId} and outcome in ('ok', 'error') and day >= ${start} and day < ${end}
        group by source_language, target_language) p`);
    case 'top-translators':
      return count(sql`select count(*) as n from (select user_id from translation_logs
        where guild_id = ${guildId} and user_id is not null and created_at >= ${start} and created_at < ${end}
        group by user_id having sum(case when outcome = 'ok' then 1 else 0 end) > 0) u`);
    case 'providers':
      return count(sql`select count(*) as n from (select 1 from analytics_providers
        where guild_id = ${guildId} and outcome in ('ok', 'error') and day >= ${start} and day < ${end}
        group by provider) p`);
    case 'translations':
      return count(sql`select count(*) as n from translation_logs
        where guild_id = ${guildId} and created_at >= ${start} and created_at < ${end}`);
    case 'moderation':
      return count(sql`select count(*) as n from moderation_logs
        where guild_id = ${guildId} and "timestamp" >= ${start} and "timestamp" < ${end}`);
    case 'tickets':
      return count(sql`select count(*) as n from tickets
        where guild_id = ${guildId} and created_at >= ${start} and created_at < ${end}`);
    case 'cases':
      return count(sql`select count(*) as n from cases
        where guild_id = ${guildId} and created_at >= ${start} and created_at < ${end}`);
  }
}
