import { existsSync } from 'node:fs';
import { z } from 'zod';

/** Every setting the server reads from its environment, validated once at start. */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const url = (name: string) =>
  optional.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), `${name} must be an http(s) URL`);

/** The translation providers an operator can configure, in the order the first is picked by default. */
export const PROVIDER_KINDS = ['gemini', 'openai', 'deepl'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
const PROVIDER_SETTING: Record<ProviderKind, string> = {
  gemini: 'GEMINI_API_KEY',
  openai: 'OPENAI_BASE_URL',
  deepl: 'DEEPL_API_KEY',
};

/** The providers whose settings are present, in default order. */
export function configuredProviders(e: {
  GEMINI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  DEEPL_API_KEY?: string;
}): ProviderKind[] {
  return PROVIDER_KINDS.filter((k) => Boolean(e[PROVIDER_SETTING[k] as keyof typeof e]));
}

export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_PATH: z.string().min(1).default('./data/app.db'),
    /** postgres://user:password@host:5432/db runs everything on PostgreSQL; unset, the SQLite file. */
    DATABASE_URL: optional.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/i.test(v),
      'DATABASE_URL must be a postgres:// URL (unset for the SQLite file at DATABASE_PATH)',
    ),
    PUBLIC_URL: url('PUBLIC_URL'),
    DEFAULT_GUILD_ID: z.string().min(1).default('default'),
    DISCORD_TOKEN: optional,
    DISCORD_CLIENT_ID: optional,
    DISCORD_CLIENT_SECRET: optional,
    /**
     * Development: the bot registers its commands on this server only (they show at once) instead
     * of globally (every server; Discord may take up to an hour to show a change).
     */
    DISCORD_COMMANDS_GUILD_ID: optional.refine(
      (v) => v === undefined || /^\d{1,32}$/.test(v),
      'DISCORD_COMMANDS_GUILD_ID must be a server id (digits)',
    ),
    DISCORD_API_URL: url('DISCORD_API_URL').transform((v) => v ?? 'https://discord.com/api'),
    /**
     * The REST proxy every bot process sends its Discord calls through, so the bot's rate limits
     * are kept once however many processes run (`npm run start:proxy`, or an operator's own
     * @discordjs/proxy; docs/processes.md). Unset: each process calls DISCORD_API_URL itself.
     */
    DISCORD_REST_PROXY: url('DISCORD_REST_PROXY'),
    /**
     * Discord's wait between two identifies of one bucket (bot/features/guilds/gateway-identify.ts).
     * Discord's rule is 5 s; only tests against the fake Discord, which does not enforce it, shorten it.
     */
    DISCORD_IDENTIFY_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    GEMINI_API_KEY: optional,
    GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
    GEMINI_BASE_URL: url('GEMINI_BASE_URL'),
    OPENAI_API_KEY: optional,
    OPENAI_BASE_URL: url('OPENAI_BASE_URL'),
    OPENAI_MODEL: optional,
    OPENAI_TRANSCRIBE_MODEL: optional,
    /** DeepL (issue 28): its API key; DEEPL_SERVER_URL only for tests (unset: the SDK picks DeepL's). */
    DEEPL_API_KEY: optional,
    DEEPL_SERVER_URL: url('DEEPL_SERVER_URL'),
    /** Which configured provider goes first (unset: Gemini, else OpenAI-compatible, else DeepL). */
    TRANSLATION_PROVIDER: z.enum(PROVIDER_KINDS).optional(),
    /** The provider calls go to when the first fails (failover; docs/translation.md). */
    TRANSLATION_FALLBACK: z.enum(PROVIDER_KINDS).optional(),
    /** Provider calls in flight at most (the adaptive limit's ceiling; docs/translation.md). */
    TRANSLATION_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(256),
    /** The adaptive limit's floor, and where it starts is max(this, 32) capped by the ceiling. */
    TRANSLATION_MIN_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(4),
    /** Channel messages waiting longer than this for a provider slot are shed, marked and tried again. */
    TRANSLATION_MAX_WAIT_MS: z.coerce.number().int().min(100).default(20_000),
    /** A marked message's first new try comes after this long, then twice as long each time... */
    TRANSLATION_RETRY_MS: z.coerce.number().int().min(10).default(5_000),
    /** ...while the message is younger than this. */
    TRANSLATION_FRESH_MS: z.coerce.number().int().min(0).default(120_000),
    /** An idle translation provider is probed this often (health; 0: never). docs/translation.md. */
    TRANSLATION_PROBE_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * Encrypts servers' own provider keys (AES-256-GCM): 32 random bytes, base64
     * (`openssl rand -base64 32`). Unset: the feature is off and says so.
     * PROVIDER_KEY_SECRET_PREVIOUS: the secret before a rotation, still read (keys re-saved move over).
     */
    PROVIDER_KEY_SECRET: optional.refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      'PROVIDER_KEY_SECRET must be 32 bytes in base64 (openssl rand -base64 32)',
    ),
    /**
     * A server's own OpenAI-compatible address may be loopback or private (true: an installation whose
     * admins are trusted, e.g. a self-hosted model on the LAN; the tests' fakes). Default false: only
     * public addresses, so no server's admin can make this server call its own network.
     */
    PROVIDER_KEY_PRIVATE_URLS: z
      .enum(['true', 'false'], { error: 'PROVIDER_KEY_PRIVATE_URLS must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
    PROVIDER_KEY_SECRET_PREVIOUS: optional.refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      'PROVIDER_KEY_SECRET_PREVIOUS must be 32 bytes in base64',
    ),
    /** Mirror copies waiting in one channel's post queue at most; past it a copy is shed (🚦) and tried again. */
    MIRROR_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(300),
    /** Posts of allowed bots and webhooks translated per server per minute at most; past it marked ⏳, counted. */
    MIRROR_BOT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    /** The user-installed app (DMs, servers without the bot): translations per user per UTC day at most (issue 28). */
    USER_APP_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(25),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_URL: url('STRIPE_API_URL'),
    STRIPE_PRICE_PLUS: z.string().min(1).default('price_plus_monthly'),
    STRIPE_PRICE_PRO: z.string().min(1).default('price_pro_monthly'),
    ADMIN_TOKEN: optional.refine(
      (v) => v === undefined || v.length >= 16,
      'ADMIN_TOKEN must be at least 16 characters',
    ),
    /** GET /metrics answers this Bearer token (and the admin token); unset: the admin token only. */
    METRICS_TOKEN: optional.refine(
      (v) => v === undefined || v.length >= 16,
      'METRICS_TOKEN must be at least 16 characters',
    ),
    /** The address the contact page shows visitors; unset, the page shows no email card. */
    SUPPORT_EMAIL: optional.refine(
      (v) => v === undefined || z.email().safeParse(v).success,
      'SUPPORT_EMAIL must be an email address',
    ),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /**
     * Behind a reverse proxy: how many proxies in front of the server append to X-Forwarded-For
     * (true = 1). Off by default: the client address is the connection's.
     */
    TRUST_PROXY: optional
      .transform((v) => (v === undefined || v === 'false' || v === '0' ? 0 : v === 'true' ? 1 : Number(v)))
      .refine(
        (n) => Number.isInteger(n) && n >= 0 && n <= 10,
        'TRUST_PROXY must be true, false or a hop count 0-10',
      ),
    SMTP_URL: optional.refine(
      (v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v),
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    ),
    CONTACT_TO: optional.refine(
      (v) => v === undefined || z.email().safeParse(v).success,
      'CONTACT_TO must be an email address',
    ),
    // ---- Integrations (Ultimate; docs/integrations.md) ----
    /** Twitch application (dev.twitch.tv): go-live through EventSub webhooks, Helix for stream details. */
    TWITCH_CLIENT_ID: optional,
    TWITCH_CLIENT_SECRET: optional,
    /** Signs EventSub deliveries and WebSub pushes (10 to 100 characters, Twitch's rule). */
    INTEGRATIONS_WEBHOOK_SECRET: optional.refine(
      (v) => v === undefined || (v.length >= 10 && v.length <= 100),
      'INTEGRATIONS_WEBHOOK_SECRET must be 10 to 100 characters',
    ),
    TWITCH_API_URL: url('TWITCH_API_URL').transform((v) => v ?? 'https://api.twitch.tv/helix'),
    TWITCH_AUTH_URL: url('TWITCH_AUTH_URL').transform((v) => v ?? 'https://id.twitch.tv/oauth2'),
    YOUTUBE_FEED_URL: url('YOUTUBE_FEED_URL').transform(
      (v) => v ?? 'https://www.youtube.com/feeds/videos.xml',
    ),
    /** Where a YouTube @handle's page is read for its channel id (a fake in tests). */
    YOUTUBE_WEB_URL: url('YOUTUBE_WEB_URL').transform((v) => v ?? 'https://www.youtube.com'),
    WEBSUB_HUB_URL: url('WEBSUB_HUB_URL').transform((v) => v ?? 'https://pubsubhubbub.appspot.com/subscribe'),
    /** How often YouTube feeds without a verified WebSub subscription are read. */
    INTEGRATIONS_POLL_SECONDS: z.coerce.number().int().min(10).default(300),
    /** How often Twitch broadcasters without an enabled EventSub subscription are polled on Helix. */
    TWITCH_POLL_SECONDS: z.coerce.number().int().min(10).default(60),
  })
  .superRefine((e, ctx) => {
    const configured = configuredProviders(e);
    for (const key of ['TRANSLATION_PROVIDER', 'TRANSLATION_FALLBACK'] as const) {
      const kind = e[key];
      if (kind && !configured.includes(kind)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key}=${kind} but ${PROVIDER_SETTING[kind]} is not set`,
        });
      }
    }
    const first = e.TRANSLATION_PROVIDER ?? configured[0];
    if (e.TRANSLATION_FALLBACK && e.TRANSLATION_FALLBACK === first) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRANSLATION_FALLBACK'],
        message: `TRANSLATION_FALLBACK=${first} is the first provider already; name a second one`,
      });
    }
  })
  .transform((e) => ({ ...e, PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}` }));

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; throws one Error naming every malformed variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Where the data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file at DATABASE_PATH. */
export function databaseLocation(env: { DATABASE_PATH: string; DATABASE_URL?: string | undefined }): string {
  return env.DATABASE_URL ?? env.DATABASE_PATH;
}

/**
 * Reads a .env file beside package.json into process.env when there is one, as `npm start` does
 * (node --env-file=.env): variables already set in the environment win. Scripts run through tsx
 * (deploy-commands, translate) call this before loadEnv, so they see the server's settings.
 */
export function loadDotEnvFile(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
