import type { Json } from './payloads';

/**
 * Files the bot uploads (multipart/form-data: payload_json + files[n], as discord.js sends a
 * message with `files`), kept so tests can read them back byte for byte.
 */
export interface FakeUpload {
  /** The form field, e.g. files[0]. */
  field: string;
  name: string;
  size: number;
  bytes: Buffer;
  contentType: string;
  /** Discord shows a file whose name starts with SPOILER_ blurred. */
  spoiler: boolean;
}

/** The JSON body and the files of a request: JSON as is, multipart parsed (undici's parser). */
export async function parseRequestBody(
  raw: Buffer,
  contentType: string | undefined,
): Promise<{ body: Json | null; files: FakeUpload[] }> {
  if (!raw.length) return { body: null, files: [] };
  if (!contentType?.startsWith('multipart/form-data')) {
    const text = raw.toString('utf8');
    try {
      return { body: JSON.parse(text), files: [] };
    } catch {
      return { body: { raw: text }, files: [] };
    }
  }
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  let body: Json | null = null;
  const files: FakeUpload[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') body = JSON.parse(value);
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    files.push({
      field,
      name: value.name,
      size: bytes.length,
      bytes,
      contentType: value.type || 'application/octet-stream',
      spoiler: value.name.startsWith('SPOILER_'),
    });
  }
  return { body, files };
}
