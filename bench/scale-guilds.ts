/**
 * Servers for `npm run bench:scale`: many servers with ids spread evenly over the shards by
 * Discord's formula `(guild_id >> 22) % total`. makeGuild's snowflakes would repeat past 4,096 ids a
 * millisecond and would put every server made in the same millisecond on one shard, so each server
 * here gets its own millisecond in the id (consecutive, going back from now) and its channels,
 * owner and role the same millisecond with other low bits: unique ids, evenly spread.
 */
import { BOT_USER, type FakeGuild } from '../test/fakes/discord';

const DISCORD_EPOCH = 1_420_070_400_000n;
/** Channels of every bench server: one per language of a mirror link, plus a lobby. */
export const SCALE_LANGS = ['en', 'es', 'fr', 'de'];

export interface ScaleGuildSize {
  /** Text channels (at least 5: a lobby and one per language of SCALE_LANGS). */
  channels?: number;
  /** Roles besides @everyone (the first is the bot's own). */
  roles?: number;
  /** Members besides the bot (the first is the owner); GUILD_CREATE carries them all. */
  members?: number;
}

/** Low bits of the ids of one server's objects (its own millisecond keeps them apart from others'). */
const LOW = { channel: 1, role: 30_000, member: 50_000 } as const;

/**
 * `count` servers named `Scale <tag> <i>` (the tag tells this run's rows from any earlier run's).
 * By default small: 5 text channels, the bot's role, the owner and the bot.
 */
export function makeScaleGuilds(count: number, tag: string, size: ScaleGuildSize = {}): FakeGuild[] {
  const channels = Math.min(Math.max(size.channels ?? 5, SCALE_LANGS.length + 1), 500);
  const roles = Math.min(Math.max(size.roles ?? 1, 1), 250);
  const members = Math.min(Math.max(size.members ?? 1, 1), 10_000);
  const base = BigInt(Date.now()) - DISCORD_EPOCH - 1_000n;
  const guilds: FakeGuild[] = [];
  for (let i = 0; i < count; i++) {
    const ms = (base - BigInt(i)) << 22n;
    const id = (low: number) => (ms | (1n << 17n) | BigInt(low)).toString();
    const roleIds = Array.from({ length: roles }, (_, r) => id(LOW.role + r));
    const humans = Array.from({ length: members }, (_, m) => ({
      user: {
        id: id(LOW.member + m),
        username: m === 0 ? `owner${i}` : `member${i}-${m}`,
        global_name: null,
        avatar: null,
      },
      // Each member but the owner has one of the roles below the bot's, in turn.
      roles: m > 0 && roles > 1 ? [roleIds[1 + ((m - 1) % (roles - 1))]!] : [],
    }));
    guilds.push({
      id: id(0),
      name: `Scale ${tag} ${i}`,
      ownerId: humans[0]!.user.id,
      channels: [
        { id: id(LOW.channel), name: 'lobby', type: 0, position: 0 },
        ...SCALE_LANGS.map((l, c) => ({
          id: id(LOW.channel + 1 + c),
          name: `chat-${l}`,
          type: 0,
          position: c + 1,
        })),
        ...Array.from({ length: channels - SCALE_LANGS.length - 1 }, (_, c) => ({
          id: id(LOW.channel + 1 + SCALE_LANGS.length + c),
          name: `channel-${c}`,
          type: 0,
          position: SCALE_LANGS.length + 1 + c,
        })),
      ],
      members: [...humans, { user: BOT_USER, roles: [roleIds[0]!] }],
      roles: roleIds.map((rid, r) =>
        r === 0
          ? { id: rid, name: 'Polyglot', position: roles + 1, managed: true, color: 0x5865f2 }
          : { id: rid, name: `role-${r}`, position: r, color: 0 },
      ),
    });
  }
  return guilds;
}
