import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Agent } from 'undici';

/**
 * A fetch that only reaches public addresses: what the server uses for a provider address an
 * admin of one server typed (their own OpenAI-compatible server, issue 28), so that no server's
 * admin can make this one call its own machine, its network or a cloud metadata endpoint.
 *
 * The check runs when the connection is made (undici's `connect.lookup`), on every address the
 * name resolves to, so a name that resolves to a public address at the check and a private one at
 * the call (DNS rebinding) is refused too. An address written as an IP skips DNS and is checked
 * before the request. Redirects are refused: a provider's API does not redirect.
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local, shared, reserved or multicast. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      `${host} is a private or local address (${address}); a server's own provider must be reachable on the public internet`,
    );
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

function publicLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0)
      return callback(new PrivateAddressError(hostname, bad?.address ?? 'none'), '');
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** undici loads with the first call (a server's own provider): most processes never make one. */
let undici: { agent: Agent; fetch: typeof import('undici').fetch } | null = null;
async function undiciClient() {
  if (!undici) {
    const { Agent, fetch } = await import('undici');
    undici = { agent: new Agent({ connect: { lookup: publicLookup as never } }), fetch };
  }
  return undici;
}

/** fetch, reaching only public addresses (see above). */
export async function publicFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const host = new URL(input).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(host, host);
  const { agent, fetch } = await undiciClient();
  try {
    return (await fetch(input, {
      ...(init as object),
      redirect: 'error',
      dispatcher: agent,
    })) as unknown as Response;
  } catch (err) {
    // undici wraps the connection's error: name the refused address rather than "fetch failed".
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof PrivateAddressError) throw cause;
    throw err;
  }
}
