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

/** `count` servers named `Scale <tag> <i>` (the tag tells this run's rows from any earlier run's). */
export function makeScaleGuilds(count: number, tag: string): FakeGuild[] {
  const base = BigInt(Date.now()) - DISCORD_EPOCH - 1_000n;
  const guilds: FakeGuild[] = [];
  for (let i = 0; i < count; i++) {
    const ms = (base - BigInt(i)) << 22n;
    const id = (low: number) => (ms | (1n << 17n) | BigInt(low)).toString();
    const roleId = id(20);
    const owner = { user: { id: id(10), username: `owner${i}`, global_name: null, avatar: null } };
    guilds.push({
      id: id(0),
      name: `Scale ${tag} ${i}`,
      ownerId: owner.user.id,
      channels: [
        { id: id(1), name: 'lobby', type: 0, position: 0 },
        ...SCALE_LANGS.map((l, c) => ({ id: id(2 + c), name: `chat-${l}`, type: 0, position: c + 1 })),
      ],
      members: [owner, { user: BOT_USER, roles: [roleId] }],
      roles: [{ id: roleId, name: 'Polyglot', position: 10, managed: true, color: 0x5865f2 }],
    });
  }
  return guilds;
}
