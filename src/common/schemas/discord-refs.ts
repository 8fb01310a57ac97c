import { z } from 'zod';

/**
 * Discord objects named in a request (a channel, a thread, a role) must belong to the server the
 * request acts on, and be of the kind the field needs. A schema declares that here, with
 * `channelOf(kind)` or `roleOf(kind)`, so no procedure can forget it: the server installs the
 * check (src/server/core/trpc.ts, answered by src/server/core/discord-objects.ts) and runs it
 * while it parses a guild procedure's input, against the server's synced channels and roles. In
 * the browser, and for the bot's own procedures (ids that came from Discord itself), the check does
 * not run and the declaration only marks the field.
 *
 * A message id is bound through its channel: the bot reads or reacts to it in that channel only.
 */

/** What a channel field needs. */
export type ChannelKind =
  /** a channel messages can be posted to: text or announcement */
  | 'text'
  /** a text channel that can hold private threads (not an announcement channel) */
  | 'privateThreads'
  /** a text or announcement channel, or a thread in one */
  | 'textOrThread'
  /** a text or announcement channel, or a forum (a mirror link's channels) */
  | 'textOrForum'
  /** any channel of the server (text, voice, forum, thread, category) */
  | 'any';

/** Discord channel types: 0 text, 2 voice, 4 category, 5 announcement, 10-12 threads, 13 stage, 15 forum, 16 media. */
const TEXT_TYPES = [0, 5];
const THREAD_TYPES = [10, 11, 12];
/** A forum channel: its messages live in posts (threads), each opened with a title and a first message. */
export const FORUM_TYPE = 15;

/**
 * The channel types each kind accepts (null: any) and how a sentence names it. The server's check
 * and the dashboard's pickers (guilds.channels with a kind) read the same table, so a picker
 * offers exactly what the check accepts.
 */
export const CHANNEL_KINDS: Record<
  ChannelKind,
  { types: readonly number[] | null; noun: string; why?: string }
> = {
  text: { types: TEXT_TYPES, noun: 'a text channel' },
  privateThreads: { types: [0], noun: 'a text channel', why: 'private threads open only in text channels' },
  textOrThread: { types: [...TEXT_TYPES, ...THREAD_TYPES], noun: 'a text channel or thread' },
  textOrForum: { types: [...TEXT_TYPES, FORUM_TYPE], noun: 'a text or forum channel' },
  any: { types: null, noun: 'a channel' },
};

export const CHANNEL_KIND_NAMES = [
  'text',
  'privateThreads',
  'textOrThread',
  'textOrForum',
  'any',
] as const satisfies readonly ChannelKind[];

/** What a role field needs. */
export type RoleKind =
  /** any role of the server */
  | 'any'
  /** a role the bot can give: not held by an integration, below the bot's highest role */
  | 'assignable';

export type DiscordRef = { object: 'channel'; kind: ChannelKind } | { object: 'role'; kind: RoleKind };

/** The check the server installs: a sentence naming the problem, or null when the id is fine. */
export type DiscordRefCheck = (ref: DiscordRef, id: string) => Promise<string | null> | null;

const installed: { check: DiscordRefCheck | null } = { check: null };

/** Called once by the server; the browser never installs a check. */
export function installDiscordRefCheck(check: DiscordRefCheck): void {
  installed.check = check;
}

/** The key under which a field's declaration shows in the schema's metadata (and JSON Schema). */
export const DISCORD_REF_META = 'x-discord-ref';

const ID = /^\d{1,32}$/;

function declare<T extends z.ZodType>(schema: T, ref: DiscordRef): T {
  return schema
    .superRefine((value, ctx) => {
      // Empty, null and malformed values are the base schema's business (it allows or refuses them).
      if (typeof value !== 'string' || !ID.test(value) || !installed.check) return;
      const problem = installed.check(ref, value);
      if (problem === null) return;
      return problem.then((message) => {
        if (message) ctx.addIssue({ code: 'custom', message, input: value });
      });
    })
    .meta({ [DISCORD_REF_META]: `${ref.object}:${ref.kind}` }) as unknown as T;
}

const requiredId = (what: string) =>
  z
    .string({ error: `is required: pick a ${what} of this server` })
    .trim()
    .regex(ID, `must be a Discord ${what} id (digits only)`);

/**
 * A channel of this server of the given kind. Without a base schema the field is required; give a
 * base to allow '' or null ("none"), keeping its own messages.
 */
export function channelOf<T extends z.ZodType = ReturnType<typeof requiredId>>(
  kind: ChannelKind,
  base?: T,
): T {
  return declare((base ?? requiredId('channel')) as T, { object: 'channel', kind });
}

/** A role of this server of the given kind (see channelOf for the base schema). */
export function roleOf<T extends z.ZodType = ReturnType<typeof requiredId>>(kind: RoleKind, base?: T): T {
  return declare((base ?? requiredId('role')) as T, { object: 'role', kind });
}
