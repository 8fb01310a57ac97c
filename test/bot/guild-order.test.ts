import { describe, expect, it } from 'vitest';
import { inGuildOrder } from '../../bot/features/guilds/guild-order';

/**
 * A server's synced lists are written one write after another (bot/features/guilds/guild-order.ts): the
 * batch sync on connecting, role and channel events, leaving. An event arriving while a batch that
 * read an older list is still writing is written after it.
 */

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('writes of a server’s lists', () => {
  it('a role event during a batch sync lands after it: the newer list stays', async () => {
    let discordRoles = ['Members'];
    let stored: string[] = [];
    const slow = gate();
    // The batch of servers a and b reads the roles, then its transaction takes a while.
    const batch = inGuildOrder(['a', 'b'], async () => {
      const read = discordRoles;
      await slow.opened;
      stored = read;
    });
    // Meanwhile a role is created in server b: its sync waits for the batch, then reads the list.
    discordRoles = ['Members', 'Gamers'];
    const event = inGuildOrder(['b'], async () => {
      stored = discordRoles;
    });
    // Another server's write does not wait.
    let other = false;
    await inGuildOrder(['c'], async () => {
      other = true;
    });
    expect(other).toBe(true);
    expect(stored).toEqual([]);
    slow.open();
    await Promise.all([batch, event]);
    expect(stored).toEqual(['Members', 'Gamers']);
  });

  it('a failed write does not hold up the next one of the server', async () => {
    const failed = inGuildOrder(['d'], async () => {
      throw new Error('database down');
    });
    const next = inGuildOrder(['d'], async () => 'written');
    await expect(failed).rejects.toThrow('database down');
    await expect(next).resolves.toBe('written');
  });
});
