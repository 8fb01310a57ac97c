import { type ChainOptions, createLanes, OWN_LANE_PREFIX } from './failover';
import type { Lane } from './lane';
import type { Provider } from './providers/types';

/**
 * A server's own provider key (issue 28, features/provider-keys): its translations go to its own
 * lane (its own breaker and concurrency limit), then to the operator's lanes only when the server
 * allows it. The engine asks the source on every call (a read of one row by key); the provider
 * behind a version is built once (the key decrypted once) and kept here until the version changes.
 */
export interface OwnProvider {
  provider: Provider;
  /** Changes whenever the key or its settings change (a new lane then). */
  version: string;
  /** The operator's provider may answer when the server's own fails. */
  allowFallback: boolean;
}

/** Reads a server's own key: null when it has none (the operator's provider serves it). */
export interface OwnProviderSource {
  /** The version of the server's own key, or null (cheap: no decryption). */
  version(guildId: string): Promise<string | null>;
  /** The provider for that version (the key decrypted); null when removed meanwhile. */
  load(guildId: string): Promise<OwnProvider | null>;
}

/** The lanes a call of a server goes to, and whether the first one is the server's own. */
export interface Route {
  lanes: Lane[];
  own: boolean;
  /** Part of the micro-batch key: calls of one route share a batch. */
  key: string;
}

/** Most servers whose own lane is kept (least recently used leaves first). */
const MAX_OWN_LANES = 5_000;

export function createOwnLanes(source: OwnProviderSource | undefined, chain: ChainOptions) {
  const kept = new Map<string, { version: string; lane: Lane; allowFallback: boolean }>();

  /** The server's own lane, built when its version is new; null when it has no key. */
  async function ownLane(guildId: string) {
    if (!source) return null;
    const version = await source.version(guildId);
    if (!version) {
      kept.delete(guildId);
      return null;
    }
    let entry = kept.get(guildId);
    if (entry?.version !== version) {
      const own = await source.load(guildId);
      if (!own) return null;
      const [lane] = createLanes([own.provider], chain, OWN_LANE_PREFIX);
      entry = { version: own.version, lane, allowFallback: own.allowFallback };
    }
    kept.delete(guildId);
    kept.set(guildId, entry);
    if (kept.size > MAX_OWN_LANES) kept.delete(kept.keys().next().value as string);
    return entry;
  }

  return {
    /**
     * The route of a server's call: its own lane then (when allowed and `operatorAllowed`) the
     * operator's; the operator's alone when it has no key.
     */
    async route(guildId: string | undefined, operator: Lane[], operatorAllowed: boolean): Promise<Route> {
      const own = guildId ? await ownLane(guildId) : null;
      if (!own) return { lanes: operator, own: false, key: '' };
      const fallback = own.allowFallback && operatorAllowed ? operator : [];
      return { lanes: [own.lane, ...fallback], own: true, key: `${own.version}:${fallback.length}` };
    },
    /** Calls running and waiting on the servers' own lanes (of one server, or all). */
    lanes: (guildId?: string) =>
      guildId
        ? [kept.get(guildId)?.lane].filter((l): l is Lane => !!l)
        : [...kept.values()].map((e) => e.lane),
  };
}

export type OwnLanes = ReturnType<typeof createOwnLanes>;
