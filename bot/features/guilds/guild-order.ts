import { createKeyedOrder } from '../../keyed-order';

/**
 * Writes of a server's synced lists (its channels, its roles, its whole sync on connecting) run one
 * after another, each reading Discord's state when its turn comes: an event arriving while an older
 * list is being written is written after it, never overwritten by it. `inGuildOrder(guildIds, fn)`
 * runs `fn` once every earlier write of these servers has ended; `fn` reads the lists it writes
 * when it runs, not before.
 */
export const inGuildOrder = createKeyedOrder();
