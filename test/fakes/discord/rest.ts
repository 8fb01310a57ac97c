import type { IncomingMessage, ServerResponse } from 'node:http';
import { commandRoutes } from './commands';
import { type ContractViolation, discordContract, exercisedRoutes } from './contract';
import { componentsOut, embedsOut } from './echo';
import { FakeNonces } from './nonces';
import { type FakeUser, type Json, messagePayload, snowflake, userPayload } from './payloads';
import { type FakeUpload, parseRequestBody } from './uploads';
import { FakeReactions, routeEmoji } from './reactions';

/** One REST call the bot made, as the fake received it. */
export interface RecordedCall {
  method: string;
  /** Path after /api/v10, e.g. /channels/123/messages. */
  path: string;
  query: Record<string, string>;
  body: Json | null;
  status: number;
  /** performance.now() when the request arrived. */
  at: number;
  /** Files sent as multipart (files[n]); empty for a JSON request. */
  files: FakeUpload[];
  /** Handled, but the answer never reached the bot (loseAnswer): the connection was closed instead. */
  lost?: boolean;
  /** The operation of Discord's description this call is (contract.ts), e.g. POST /channels/{channel_id}/messages. */
  route?: string;
}

export interface FailureRule {
  method?: string;
  path: RegExp;
  status: number;
  body: Json;
  /** How many times to fail; unlimited when absent. */
  times?: number;
}

/** A request Discord carries out but whose answer is lost (the connection drops before it arrives). */
export interface LostAnswerRule {
  method?: string;
  path: RegExp;
  /** Only requests whose body passes this (e.g. the second part of a long post). */
  body?: (body: Json | null) => boolean;
  /** How many answers to lose; unlimited when absent. */
  times?: number;
}

export interface StoredWebhook {
  id: string;
  token: string;
  channel_id: string;
  guild_id: string;
  name: string;
}

export type Handler = (
  m: RegExpMatchArray,
  body: Json | null,
  query: Record<string, string>,
) => [number, Json | null];

/** The REST side of the fake Discord: answers like Discord and records everything. */
export class FakeRest {
  readonly calls: RecordedCall[] = [];
  readonly messages = new Map<string, Json>();
  readonly webhooks = new Map<string, StoredWebhook>();
  readonly commands = new Map<string, Json[]>();
  /** Interaction token -> channel id, so followups land in the right channel. */
  readonly interactionChannels = new Map<string, string>();
  /**
   * Called with each message a webhook execution created. Discord sends those to the gateway like
   * any message (MESSAGE_CREATE); a test that wants the bot to see its own copies come back sets
   * it (FakeDiscord.echoWebhookPosts).
   */
  onWebhookPost: ((msg: Json) => void) | null = null;
  /** Roles the bot gave members: `${guildId}:${userId}` -> role ids. */
  readonly memberRoles = new Map<string, Set<string>>();
  /** Files uploaded with a message (webhook execute, channel message), by the message id. */
  readonly uploads = new Map<string, FakeUpload[]>();
  /**
   * A webhook execution without thread_id into a forum (forums.ts): the new post's id, Discord's
   * refusal, or null when the webhook's channel is not a forum.
   */
  forumPost: ((hook: StoredWebhook, body: Json | null) => string | [number, Json] | null) | null = null;
  /** Who reacted with what on each message (reactions.ts). */
  readonly reactions = new FakeReactions();
  /** The files of the request being routed (routing is synchronous). */
  private routing: FakeUpload[] = [];
  private failures: FailureRule[] = [];
  private lostAnswers: LostAnswerRule[] = [];
  /** Create Message's nonce + enforce_nonce (nonces.ts). */
  readonly nonces = new FakeNonces();
  private waiters: { pred: (c: RecordedCall) => boolean; resolve: (c: RecordedCall) => void }[] = [];
  private routes: [string, RegExp, Handler][];

  constructor(
    private readonly opts: {
      token: string;
      botUser: FakeUser;
      applicationId: string;
      gatewayUrl: () => string;
      /** The shard count GET /gateway/bot recommends (1 when absent). */
      shards?: () => number;
      /** Shards that may identify in the same 5 s (session_start_limit.max_concurrency); all when absent. */
      maxConcurrency?: () => number | undefined;
      guildIdOf: (channelId: string) => string | undefined;
      /** Whether a custom emoji belongs to a server the bot is in (it may react with it). */
      emojiKnown?: (emojiId: string) => boolean;
    },
  ) {
    const app = opts.applicationId;
    this.routes = [
      ['GET', /^\/gateway\/bot$/, () => [200, this.gatewayInfo()]],
      ['GET', /^\/gateway$/, () => [200, { url: this.opts.gatewayUrl() }]],
      ['GET', /^\/users\/@me$/, () => [200, { ...this.opts.botUser, bot: true }]],
      ...commandRoutes(app, this.commands),
      ['POST', /^\/interactions\/(\d+)\/([^/]+)\/callback$/, () => [204, null]],
      [
        'POST',
        new RegExp(`^/webhooks/${app}/([^/]+)$`),
        (m, b) => [200, this.storeMessage(b, this.interactionChannels.get(m[1]) ?? '0', this.opts.botUser)],
      ],
      [
        'PATCH',
        new RegExp(`^/webhooks/${app}/([^/]+)/messages/([^/]+)$`),
        (m, b) => [200, this.editMessage(m[2], b, 'interaction')],
      ],
      ['DELETE', new RegExp(`^/webhooks/${app}/([^/]+)/messages/([^/]+)$`), () => [204, null]],
      ['POST', /^\/channels\/(\d+)\/messages$/, (m, b) => this.createMessage(b, m[1], this.opts.botUser)],
      ['GET', /^\/channels\/(\d+)\/messages\/(\d+)$/, (m) => this.getMessage(m[2])],
      ['PATCH', /^\/channels\/(\d+)\/messages\/(\d+)$/, (m, b) => [200, this.editMessage(m[2], b)]],
      ['DELETE', /^\/channels\/(\d+)\/messages\/(\d+)$/, (m) => this.deleteMessage(m[2])],
      [
        'PUT',
        /^\/channels\/(\d+)\/messages\/(\d+)\/reactions\/([^/]+)\/@me$/,
        (m) => this.ownReaction(m, true),
      ],
      [
        'DELETE',
        /^\/channels\/(\d+)\/messages\/(\d+)\/reactions\/([^/]+)\/@me$/,
        (m) => this.ownReaction(m, false),
      ],
      ['POST', /^\/channels\/(\d+)\/messages\/(\d+)\/threads$/, (m, b) => [201, this.thread(m[1], m[2], b)]],
      ['POST', /^\/channels\/(\d+)\/threads$/, (m, b) => [201, this.thread(m[1], snowflake(), b)]],
      ['POST', /^\/channels\/(\d+)\/webhooks$/, (m, b) => [200, this.createWebhook(m[1], b)]],
      [
        'GET',
        /^\/channels\/(\d+)\/webhooks$/,
        (m) => [
          200,
          [...this.webhooks.values()].filter((w) => w.channel_id === m[1]).map((w) => this.webhookJson(w)),
        ],
      ],
      ['POST', /^\/webhooks\/(\d+)\/([^/]+)$/, (m, b, q) => this.executeWebhook(m[1], m[2], b, q)],
      ['PUT', /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/, (m) => this.setRole(m[1], m[2], m[3], true)],
      [
        'DELETE',
        /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/,
        (m) => this.setRole(m[1], m[2], m[3], false),
      ],
      [
        'PATCH',
        /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(\d+)$/,
        (m, b) => this.withWebhook(m[1], m[2], () => [200, this.editMessage(m[3], b)]),
      ],
      [
        'DELETE',
        /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(\d+)$/,
        (m) => this.withWebhook(m[1], m[2], () => this.deleteMessage(m[3])),
      ],
    ];
  }

  /** Extra routes (a feature's fake, e.g. threads.ts), tried before the built-in ones. */
  addRoutes(routes: [method: string, path: RegExp, handler: Handler][]) {
    this.routes.unshift(...routes);
  }

  /** One extra route (test/fakes/discord/moderation.ts). */
  addRoute(method: string, path: RegExp, handler: Handler): void {
    this.addRoutes([[method, path, handler]]);
  }

  /** The next matching call fails with this status and Discord error body. */
  fail(rule: FailureRule) {
    this.failures.push(rule);
  }

  clearFailures() {
    this.failures = [];
    this.lostAnswers = [];
  }

  /**
   * The next matching call is carried out (a message is created) but its answer is lost: the
   * connection is closed instead of answering, as when Discord's reply never reaches the bot.
   */
  loseAnswer(rule: LostAnswerRule) {
    this.lostAnswers.push(rule);
  }

  /** Resolves with the first call (past or future) that matches. */
  waitForCall(pred: (c: RecordedCall) => boolean, timeoutMs = 30_000): Promise<RecordedCall> {
    const found = this.calls.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`fake discord: no matching REST call within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (c: RecordedCall) => {
        clearTimeout(timer);
        resolve(c);
      };
      this.waiters.push({ pred, resolve: done });
    });
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname).replace(/^\/api\/v\d+/, '');
    const query = Object.fromEntries(url.searchParams);
    const { body, files } = await parseRequestBody(await readBody(req), req.headers['content-type']);
    const method = req.method ?? 'GET';
    let status: number;
    let out: Json | null;
    const unauthorized =
      req.headers.authorization !== `Bot ${this.opts.token}` &&
      !path.startsWith('/webhooks/') &&
      !path.startsWith('/interactions/');
    // Discord's published description: the operation this request is, or what it breaks (contract.ts).
    const contract = unauthorized ? undefined : discordContract().checkRequest(method, path, body);
    if (unauthorized) {
      [status, out] = [401, { message: '401: Unauthorized', code: 0 }];
    } else if (contract && 'kind' in contract) {
      [status, out] = contractAnswer(contract);
    } else {
      const failure = this.failures.find((f) => (!f.method || f.method === method) && f.path.test(path));
      if (failure) {
        if (failure.times !== undefined && --failure.times <= 0)
          this.failures = this.failures.filter((f) => f !== failure);
        [status, out] = [failure.status, failure.body];
      } else {
        this.routing = files;
        try {
          [status, out] = this.route(method, path, body, query);
        } finally {
          this.routing = [];
        }
      }
    }
    const lost =
      status < 300
        ? this.lostAnswers.find(
            (r) => (!r.method || r.method === method) && r.path.test(path) && (!r.body || r.body(body)),
          )
        : undefined;
    if (lost?.times !== undefined && --lost.times <= 0)
      this.lostAnswers = this.lostAnswers.filter((r) => r !== lost);
    const matched = contract && !('kind' in contract) ? contract : undefined;
    if (matched) {
      discordContract().checkResponse(matched, path, status, out);
      const key = `${method} ${matched.route}`;
      exercisedRoutes.set(key, (exercisedRoutes.get(key) ?? 0) + 1);
    }
    const call: RecordedCall = {
      method,
      path,
      query,
      body,
      status,
      at,
      files,
      ...(lost ? { lost: true } : {}),
      ...(matched ? { route: matched.route } : {}),
    };
    this.calls.push(call);
    for (const w of [...this.waiters]) {
      if (w.pred(call)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(call);
      }
    }
    if (lost) {
      res.destroy();
      return;
    }
    res.writeHead(status, out === null ? {} : { 'content-type': 'application/json' });
    res.end(out === null ? undefined : JSON.stringify(out));
  }

  private route(
    method: string,
    path: string,
    body: Json | null,
    query: Record<string, string>,
  ): [number, Json | null] {
    for (const [m, re, handler] of this.routes) {
      if (m !== method) continue;
      const match = path.match(re);
      if (match) return handler(match, body, query);
    }
    return [404, { message: '404: Not Found', code: 0 }];
  }

  /** The roles the bot has given this member (and not taken back). */
  rolesOf(guildId: string, userId: string): string[] {
    return [...(this.memberRoles.get(`${guildId}:${userId}`) ?? [])];
  }

  private setRole(guildId: string, userId: string, roleId: string, on: boolean): [number, Json | null] {
    const key = `${guildId}:${userId}`;
    const roles = this.memberRoles.get(key) ?? new Set<string>();
    if (on) roles.add(roleId);
    else roles.delete(roleId);
    this.memberRoles.set(key, roles);
    return [204, null];
  }

  private gatewayInfo(): Json {
    return {
      url: this.opts.gatewayUrl(),
      shards: this.opts.shards?.() ?? 1,
      // Every shard may identify at once (no 5 s wait between shards in tests).
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 0,
        max_concurrency: this.opts.maxConcurrency?.() ?? this.opts.shards?.() ?? 1,
      },
    };
  }

  /**
   * Create Message by `author` (the bot, through REST): a nonce with enforce_nonce seen from the same
   * author within the window answers the message already created (200) and creates nothing.
   */
  createMessage(body: Json | null, channelId: string, author: FakeUser): [number, Json] {
    const invalid = this.nonces.invalid(body);
    if (invalid) return [400, invalid];
    const existing = this.nonces.existing(author.id, body);
    const msg = existing ? this.messages.get(existing) : undefined;
    if (msg) return [200, msg];
    const created = this.storeMessage(body, channelId, author);
    this.nonces.created(author.id, body, created.id);
    return [200, created];
  }

  /** Stores a message the bot (or its webhook) sent and answers it as Discord would. */
  storeMessage(
    body: Json | null,
    channelId: string,
    author: FakeUser,
    webhookId?: string,
    id?: string,
  ): Json {
    const msg = messagePayload({
      id,
      channelId,
      guildId: this.opts.guildIdOf(channelId),
      author,
      content: body?.content ?? '',
      webhookId,
    });
    msg.embeds = embedsOut(body?.embeds);
    msg.flags = body?.flags ?? 0;
    msg.components = componentsOut(body?.components);
    if (body?.nonce !== undefined && body.nonce !== null) msg.nonce = body.nonce;
    if (body?.message_reference) {
      msg.message_reference = { type: 0, channel_id: channelId, ...body.message_reference };
      msg.type = 19;
    }
    msg.attachments = this.attachmentsOf(this.routing);
    if (this.routing.length) this.uploads.set(msg.id, this.routing);
    this.messages.set(msg.id, msg);
    return msg;
  }

  private attachmentsOf(files: FakeUpload[]): Json[] {
    return files.map((f) => ({
      id: snowflake(),
      filename: f.name,
      size: f.size,
      url: `https://cdn.discordapp.com/attachments/0/${snowflake()}/${f.name}`,
      proxy_url: `https://media.discordapp.net/attachments/0/${snowflake()}/${f.name}`,
      content_type: f.contentType,
    }));
  }

  private getMessage(id: string): [number, Json] {
    const msg = this.messages.get(id);
    if (!msg) return [404, { message: 'Unknown Message', code: 10008 }];
    const reactions = this.reactions.payload(id, this.opts.botUser.id);
    return [200, reactions.length ? { ...msg, reactions } : msg];
  }

  /**
   * The bot's own reaction on a message (reactions.ts); a custom emoji of no server the bot is in
   * is an Unknown Emoji, as Discord says. A message a test dispatched without storing it is taken
   * as it is named (older suites react to such messages).
   */
  private ownReaction(m: RegExpMatchArray, added: boolean): [number, Json | null] {
    const msg = this.messages.get(m[2]!) ?? {
      id: m[2],
      channel_id: m[1],
      guild_id: this.opts.guildIdOf(m[1]!),
    };
    const emoji = routeEmoji(m[3]!);
    if (emoji.id && !this.opts.emojiKnown?.(emoji.id))
      return [400, { message: 'Unknown Emoji', code: 10014 }];
    this.reactions.set(msg, this.opts.botUser.id, emoji, added);
    return [204, null];
  }

  private editMessage(id: string, body: Json | null, kind?: 'interaction'): Json {
    const existing = this.messages.get(id);
    const msg = existing
      ? { ...existing }
      : messagePayload({
          id: kind ? snowflake() : id,
          channelId: '0',
          author: this.opts.botUser,
          content: '',
        });
    if (body?.content !== undefined) msg.content = body.content;
    if (body?.embeds !== undefined) msg.embeds = embedsOut(body.embeds);
    if (body?.components !== undefined) msg.components = componentsOut(body.components);
    // Discord keeps a message's files unless the edit lists the ones to keep (attachments).
    if (Array.isArray(body?.attachments)) {
      const keep = new Set(body.attachments.map((a: Json) => String(a.id)));
      msg.attachments = (msg.attachments ?? []).filter((a: Json) => keep.has(String(a.id)));
      const kept = (this.uploads.get(id) ?? []).filter((_f, i) =>
        keep.has(String(existing?.attachments?.[i]?.id)),
      );
      if (existing) this.uploads.set(id, kept);
    }
    msg.edited_timestamp = new Date().toISOString();
    if (existing) this.messages.set(id, msg);
    return msg;
  }

  private deleteMessage(id: string): [number, Json | null] {
    if (!this.messages.has(id)) return [404, { message: 'Unknown Message', code: 10008 }];
    this.messages.delete(id);
    return [204, null];
  }

  private thread(channelId: string, threadId: string, body: Json | null): Json {
    return {
      id: threadId,
      guild_id: this.opts.guildIdOf(channelId),
      parent_id: channelId,
      name: body?.name ?? 'thread',
      type: 11,
      owner_id: this.opts.botUser.id,
      thread_metadata: {
        archived: false,
        auto_archive_duration: 1440,
        archive_timestamp: new Date().toISOString(),
        locked: false,
      },
      member_count: 1,
      message_count: 0,
      total_message_sent: 0,
      flags: 0,
      rate_limit_per_user: 0,
      last_message_id: null,
    };
  }

  private createWebhook(channelId: string, body: Json | null): Json {
    const hook: StoredWebhook = {
      id: snowflake(),
      token: `whtoken-${snowflake()}`,
      channel_id: channelId,
      guild_id: this.opts.guildIdOf(channelId) ?? '',
      name: body?.name ?? 'webhook',
    };
    this.webhooks.set(hook.id, hook);
    return this.webhookJson(hook);
  }

  private webhookJson(w: StoredWebhook): Json {
    return {
      id: w.id,
      type: 1,
      token: w.token,
      channel_id: w.channel_id,
      guild_id: w.guild_id || null,
      name: w.name,
      avatar: null,
      application_id: this.opts.applicationId,
      user: userPayload(this.opts.botUser),
    };
  }

  private withWebhook(id: string, token: string, then: () => [number, Json | null]): [number, Json | null] {
    const hook = this.webhooks.get(id);
    if (!hook || hook.token !== token) return [404, { message: 'Unknown Webhook', code: 10015 }];
    return then();
  }

  private executeWebhook(
    id: string,
    token: string,
    body: Json | null,
    q: Record<string, string>,
  ): [number, Json | null] {
    return this.withWebhook(id, token, () => {
      const hook = this.webhooks.get(id)!;
      const author: FakeUser = { id, username: body?.username ?? hook.name, avatar: null, bot: true };
      // Into a forum (forums.ts): a new post (thread_name), or a post named by thread_id.
      const post = q.thread_id ? null : (this.forumPost?.(hook, body) ?? null);
      if (Array.isArray(post)) return post;
      // A forum post's first message has the post's id.
      const msg = post
        ? this.storeMessage(body, post, author, id, post)
        : this.storeMessage(body, q.thread_id ?? hook.channel_id, author, id);
      // A webhook the application created posts messages carrying its application id.
      msg.application_id = this.opts.applicationId;
      this.onWebhookPost?.(msg);
      return q.wait === 'true' ? [200, msg] : [204, null];
    });
  }
}

/** What Discord answers a request its description rejects (the violation is recorded too). */
function contractAnswer(v: ContractViolation): [number, Json] {
  if (v.kind === 'unknown-route') return [404, { message: '404: Not Found', code: 0 }];
  if (v.kind === 'wrong-method') return [405, { message: '405: Method Not Allowed', code: 0 }];
  const errors = v.errors.map((message) => ({ code: 'CONTRACT_INVALID', message }));
  return [400, { message: 'Invalid Form Body', code: 50035, errors: { _errors: errors } }];
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
