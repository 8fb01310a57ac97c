import type { ExportDataset, ExportFormat } from '../../../common/exports/schemas';

export interface DownloadRequest {
  guildId: string | undefined;
  dataset: ExportDataset;
  format: ExportFormat;
  from: string;
  to: string;
}

/** The /api path of an export (the dashboard's session cookie authenticates it). */
export function exportUrl(req: DownloadRequest): string {
  const query = new URLSearchParams({ from: req.from, to: req.to, format: req.format });
  if (req.guildId) query.set('guildId', req.guildId);
  return `/api/exports/${req.dataset}?${query}`;
}

/** Lines a chunk holds: one a row (and one for CSV's header or JSON's opening and closing lines). */
export function countLines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++;
  return n;
}

/**
 * Reads the export as it streams, reporting the rows received against `rows` (from exports.check),
 * and saves it under `fileName` once complete. A failed answer throws its { error } message.
 */
export async function downloadExport(
  req: DownloadRequest,
  rows: number,
  fileName: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const res = await fetch(exportUrl(req), { credentials: 'same-origin', signal });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `the export answered ${res.status}`);
  }
  const chunks: Uint8Array[] = [];
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    lines += countLines(value);
    onProgress(rows > 0 ? Math.min(0.99, lines / rows) : 0.5);
  }
  onProgress(1);
  const blob = new Blob(chunks as BlobPart[], {
    type: res.headers.get('content-type') ?? 'application/octet-stream',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
