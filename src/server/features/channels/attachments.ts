import { downloadFromDiscord } from '../../core/discord-cdn';

/**
 * Attachments of a mirrored message (issue 16): each file is downloaded from Discord's CDN into
 * memory (never to disk) and re-uploaded with every copy, within the server's upload limit; a file
 * over the limit, past Discord's 10 files per message, or whose download fails is carried as a
 * link line with its name and size. A spoiler (file name SPOILER_…) keeps its name, so its flag.
 */

const MiB = 1024 * 1024;
/** Discord's upload limit per message by the server's boost tier (0-3): 10 MiB, 50 MiB at 2, 100 MiB at 3. */
export const UPLOAD_LIMITS = [10 * MiB, 10 * MiB, 50 * MiB, 100 * MiB] as const;
/** Files Discord takes in one message. */
export const MAX_FILES_PER_MESSAGE = 10;
/** How long downloading one attachment from Discord's CDN may take. */
export const ATTACHMENT_FETCH_TIMEOUT_MS = 30_000;
/**
 * Bytes being downloaded at once, all messages together: past it, a file is carried as a link
 * (a burst of large files never holds more than this in memory while downloading).
 */
export const MAX_DOWNLOAD_BYTES_IN_FLIGHT = 256 * MiB;
let inFlight = 0;

/** An attachment as the bot saw it on the original. */
export interface AttachmentRef {
  name: string;
  url: string;
  /** Bytes, as Discord reports it (0 when unknown). */
  size?: number;
  contentType?: string | null;
}

/** A file to upload with a copy (held in memory only). */
export interface CopyFile {
  name: string;
  data: Uint8Array;
  contentType: string | null;
  spoiler: boolean;
}

export interface CarriedAttachments {
  files: CopyFile[];
  /** One line per attachment that is not uploaded: "📎 [name](url) (size)". */
  links: string[];
  /** The URLs of those attachments. */
  linkedUrls: string[];
}

export function uploadLimit(premiumTier: number | null | undefined): number {
  return UPLOAD_LIMITS[Math.min(Math.max(premiumTier ?? 0, 0), 3)];
}

export function isSpoiler(name: string): boolean {
  return name.startsWith('SPOILER_');
}

/** 1536 -> "1.5 KB", 11534336 -> "11 MB" (binary units, as Discord shows them). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const shown = u === 0 || n >= 10 ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[u]}`;
}

/** The link line of an attachment that is not uploaded (a spoiler stays hidden). */
export function linkLine(a: AttachmentRef): string {
  const name = a.name.replace(/[[\]]/g, '');
  const line = `📎 [${name}](${a.url})${a.size ? ` (${formatSize(a.size)})` : ''}`;
  return isSpoiler(a.name) ? `||${line}||` : line;
}

/** The attachment's bytes, in memory; only from Discord's hosts (or the configured API's), at most maxBytes. */
export function fetchAttachment(
  a: AttachmentRef,
  discordApiUrl: string | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  return downloadFromDiscord(a.url, { discordApiUrl, maxBytes, timeoutMs: ATTACHMENT_FETCH_TIMEOUT_MS });
}

/**
 * Downloads what fits (together at most the upload limit, at most 10 files) in parallel; the rest,
 * and any failed download, become link lines, in the original's order.
 */
export async function carryAttachments(
  attachments: AttachmentRef[],
  opts: { premiumTier?: number | null; discordApiUrl?: string },
): Promise<CarriedAttachments> {
  const limit = uploadLimit(opts.premiumTier);
  let budget = limit;
  let count = 0;
  const planned = attachments.map((a) => {
    const size = a.size ?? 0;
    const fits = count < MAX_FILES_PER_MESSAGE && size <= budget;
    if (fits) {
      budget -= size;
      count++;
    }
    return { a, fits };
  });
  const results = await Promise.all(
    planned.map(async ({ a, fits }) => {
      if (!fits) return { a, file: null };
      // The size Discord reports (unknown: the limit), at most the limit, where a download is cut off.
      const reserve = Math.min(a.size || limit, limit);
      if (inFlight + reserve > MAX_DOWNLOAD_BYTES_IN_FLIGHT) {
        console.warn(`attachment ${a.name} not re-uploaded: too many files downloading`);
        return { a, file: null };
      }
      inFlight += reserve;
      try {
        const data = await fetchAttachment(a, opts.discordApiUrl, limit);
        const file: CopyFile = {
          name: a.name,
          data,
          contentType: a.contentType ?? null,
          spoiler: isSpoiler(a.name),
        };
        return { a, file };
      } catch (err) {
        console.warn(`attachment ${a.name} not re-uploaded: ${(err as Error).message}`);
        return { a, file: null };
      } finally {
        inFlight -= reserve;
      }
    }),
  );
  // A size Discord under-reported must not push the message over the limit.
  let total = 0;
  const files: CopyFile[] = [];
  const links: string[] = [];
  const linkedUrls: string[] = [];
  for (const { a, file } of results) {
    if (file && total + file.data.byteLength <= limit) {
      total += file.data.byteLength;
      files.push(file);
    } else {
      links.push(linkLine(file ? { ...a, size: file.data.byteLength } : a));
      linkedUrls.push(a.url);
    }
  }
  return { files, links, linkedUrls };
}

/** Messages remembered (in memory) with the attachments their copies carry as link lines. */
export const LINKED_MEMORY = 5000;
const linked = new Map<string, Set<string>>();

/** Remembers which of a message's attachments (by URL) its copies show as links, for its edits. */
export function rememberLinked(messageId: string, urls: string[]): void {
  linked.delete(messageId);
  linked.set(messageId, new Set(urls));
  if (linked.size > LINKED_MEMORY) linked.delete(linked.keys().next().value as string);
}

/**
 * Which attachments an edit shows as link lines: the ones the copies were posted with (remembered
 * in memory), else (after a restart) the ones that could never be uploaded (size, count).
 */
export function linkedOnEdit(
  attachments: AttachmentRef[],
  premiumTier?: number | null,
  messageId?: string,
): string[] {
  const known = messageId ? linked.get(messageId) : undefined;
  if (known) return attachments.filter((a) => known.has(a.url)).map(linkLine);
  let budget = uploadLimit(premiumTier);
  let count = 0;
  const links: string[] = [];
  for (const a of attachments) {
    const size = a.size ?? 0;
    if (count < MAX_FILES_PER_MESSAGE && size <= budget) {
      budget -= size;
      count++;
    } else links.push(linkLine(a));
  }
  return links;
}
