/**
 * Mirror throughput for `npm run bench:scale`: mirror links in servers spread over every shard,
 * created through the web tier's REST API as an admin would, then a burst of members' messages on
 * the fake gateway, counted as the webhook posts of their copies arrive at the fake REST.
 */
import type { FakeDiscord, FakeGuild, RecordedCall } from '../test/fakes/discord';
import { SCALE_LANGS } from './scale-guilds';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';

export interface MirrorResult {
  servers: number;
  messages: number;
  /** Webhook posts per message (linked channels - 1). */
  copies: number;
  seconds: number;
  messagesPerSecond: number;
  postsPerSecond: number;
  /** Webhook posts Discord refused (429 from the fake's limits, when enforced). */
  refused: number;
  /** Messages of the burst with more copies than linked channels (a copy posted twice). */
  duplicated: number;
}

/** `count` servers taken evenly through the list (so through every shard). */
export function spreadServers(guilds: FakeGuild[], count: number): FakeGuild[] {
  const step = guilds.length / Math.min(count, guilds.length);
  return Array.from({ length: Math.min(count, guilds.length) }, (_, i) => guilds[Math.floor(i * step)]!);
}

/** A mirror link of `linked` channels (chat-en, chat-es, ...) in each server, through POST /api/channels/links. */
export async function createLinks(web: string, servers: FakeGuild[], linked: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < servers.length) {
      const g = servers[next++]!;
      const channels = SCALE_LANGS.slice(0, linked).map((language) => ({
        channelId: g.channels.find((c) => c.name === `chat-${language}`)!.id,
        language,
      }));
      const res = await fetch(`${web}/api/channels/links?guildId=${g.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', mode: 'mirror', channels }),
      });
      if (res.status !== 201)
        throw new Error(`creating a link in ${g.name}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Watches the fake's webhook posts: each message text is done when its `copies` copies arrived.
 * Returns a function sending `perServer` messages in each server at once (from different members,
 * each text unique) and resolving when every copy was posted.
 */
export function mirrorDriver(fake: FakeDiscord, copies: number) {
  const seen = new Map<string, number>();
  let left = 0;
  let done: (() => void) | null = null;
  let posts = 0;
  let refused = 0;
  let memberSeq = 0;
  const origPush = fake.calls.push.bind(fake.calls);
  fake.calls.push = (...calls: RecordedCall[]) => {
    for (const c of calls) {
      if (c.method !== 'POST' || !c.path.startsWith('/webhooks/')) continue;
      if (c.status === 429) refused++;
      if (c.status !== 200 && c.status !== 204) continue;
      posts++;
      const m = /^(?:\[\w+\] )?(.*)$/s.exec(String(c.body?.content ?? ''));
      if (!m) continue;
      const n = (seen.get(m[1]!) ?? 0) + 1;
      seen.set(m[1]!, n);
      if (n === copies && left > 0 && --left === 0) done?.();
    }
    return origPush(...calls);
  };
  const send = (g: FakeGuild, text: string) => {
    const n = ++memberSeq;
    const member = {
      user: {
        id: `${BigInt(g.id) + 4096n + BigInt(n)}`,
        username: `member${n}`,
        global_name: null,
        avatar: null,
      },
      locale: 'en-US',
    };
    fake.sendMessage({
      guildId: g.id,
      channelId: g.channels.find((c) => c.name === `chat-${SCALE_LANGS[0]}`)!.id,
      author: member.user,
      member,
      content: text,
    });
  };
  const round = (servers: FakeGuild[], perServer: number, label: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `mirror ${label}: ${left} of ${servers.length * perServer} messages not copied in ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      left = servers.length * perServer;
      done = () => {
        clearTimeout(timer);
        resolve();
      };
      for (let i = 0; i < perServer; i++)
        for (const [s, g] of servers.entries()) send(g, `${label} message ${i} of server ${s}`);
    });
  return {
    /** One message per server first: each link's webhooks get created (bot calls) and code gets warm. */
    warmUp: (servers: FakeGuild[], tag: string) => round(servers, 1, `warm-up ${tag}`, 120_000),
    async burst(servers: FakeGuild[], perServer: number, tag: string): Promise<MirrorResult> {
      const [posts0, refused0] = [posts, refused];
      const started = performance.now();
      await round(servers, perServer, `burst ${tag}`, 300_000);
      const seconds = (performance.now() - started) / 1000;
      const messages = servers.length * perServer;
      // Copies still on their way would be duplicates: give them a moment before counting.
      await new Promise((r) => setTimeout(r, 500));
      const prefix = `burst ${tag} message `;
      const duplicated = [...seen].filter(([text, n]) => text.startsWith(prefix) && n > copies).length;
      return {
        servers: servers.length,
        messages,
        copies,
        seconds,
        messagesPerSecond: messages / seconds,
        postsPerSecond: (posts - posts0) / seconds,
        refused: refused - refused0,
        duplicated,
      };
    },
    /** Stops watching (the fake's calls list is plain again). */
    detach() {
      fake.calls.push = origPush;
    },
  };
}
