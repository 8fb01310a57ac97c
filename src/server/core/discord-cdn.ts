/**
 * Downloads of members' files (attachments, voice messages) from Discord, into memory only: never
 * from another host (a message's URL is the member's to choose), never more than asked.
 */

/** Where Discord serves attachments; the configured API's host is added (a fake Discord in tests). */
const DISCORD_CDN_HOSTS = ['cdn.discordapp.com', 'media.discordapp.net'];

export class DiscordDownloadError extends Error {
  override name = 'DiscordDownloadError';
}

/** The file's bytes; a DiscordDownloadError says why not (not Discord, too large, Discord's answer). */
export async function downloadFromDiscord(
  rawUrl: string,
  opts: { discordApiUrl?: string; maxBytes: number; timeoutMs: number },
): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DiscordDownloadError('not a URL');
  }
  const allowed = [...DISCORD_CDN_HOSTS, ...(opts.discordApiUrl ? [new URL(opts.discordApiUrl).host] : [])];
  if (!allowed.includes(url.host)) throw new DiscordDownloadError(`${url.host} is not Discord`);
  const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs) });
  if (!res.ok || !res.body) throw new DiscordDownloadError(`Discord answered ${res.status}`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > opts.maxBytes) {
      await reader.cancel().catch(() => {});
      throw new DiscordDownloadError(`larger than ${opts.maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
