import type { IncomingMessage, ServerResponse } from 'node:http';
import { snowflake } from './payloads';

/**
 * Attachment bytes the fake Discord serves on loopback, as Discord's CDN would
 * (GET /attachments/<channel>/<id>/<filename>): a voice message's Ogg Opus audio, for instance.
 */
export class FakeAttachments {
  private files = new Map<string, { bytes: Buffer; contentType: string }>();
  /** Every GET of an attachment (path), in order. */
  readonly fetched: string[] = [];
  private base = '';

  setBase(base: string): void {
    this.base = base;
  }

  /** Stores bytes; the returned attachment goes into sendMessage({ attachments: [...] }). */
  add(
    channelId: string,
    filename: string,
    bytes: Buffer,
    contentType: string,
  ): { filename: string; url: string; size: number; content_type: string } {
    const path = `/attachments/${channelId}/${snowflake()}/${filename}`;
    this.files.set(path, { bytes, contentType });
    return { filename, url: `${this.base}${path}`, size: bytes.length, content_type: contentType };
  }

  /** Answers a request for a stored file; false when the request is not one. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || !path.startsWith('/attachments/')) return false;
    this.fetched.push(path);
    const file = this.files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return true;
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
    return true;
  }
}
