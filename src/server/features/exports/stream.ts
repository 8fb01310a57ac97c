import { stringify } from 'csv-stringify/sync';
import {
  EXPORT_DATASETS,
  type ExportDataset,
  type ExportFormat,
  exportFileName,
} from '../../../common/exports/schemas';
import type { Db } from '../../../../db/client';
import { type ExportRow, exportPages } from './datasets';

export interface ExportRequest {
  guildId: string;
  dataset: ExportDataset;
  format: ExportFormat;
  from: string;
  to: string;
}

/**
 * CSV by csv-stringify (RFC 4180: fields holding a comma, a quote or a line break are quoted, quotes
 * doubled, CRLF between records), one header line; a field starting with = + - @ or a tab is
 * prefixed with ' so a spreadsheet does not run it as a formula (escape_formulas). Null is empty.
 */
function csvPage(rows: ExportRow[], columns: readonly string[], header: boolean): string {
  return stringify(rows, {
    header,
    columns: columns as string[],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}

/**
 * JSON: one object `{ dataset, guildId, from, to, columns, rows: [...] }`, written as it is read,
 * one row a line so a reader can count its progress by lines.
 */
function jsonHead(req: ExportRequest): string {
  const { dataset, guildId, from, to } = req;
  const columns = EXPORT_DATASETS[dataset].columns;
  return `{"dataset":${JSON.stringify(dataset)},"guildId":${JSON.stringify(guildId)},"from":"${from}","to":"${to}","columns":${JSON.stringify(columns)},"rows":[`;
}

/**
 * The export as a byte stream that reads the next page only when the previous one was taken
 * (pull): however many rows, one page and the socket's buffer are in memory at a time. A read that
 * fails mid-way errors the stream, so the download ends broken instead of looking complete.
 */
export function exportStream(
  db: Db,
  req: ExportRequest,
  operatorLanes: readonly string[] = [],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const columns = EXPORT_DATASETS[req.dataset].columns;
  const pages = exportPages(req.dataset, {
    db,
    guildId: req.guildId,
    from: req.from,
    to: req.to,
    operatorLanes,
  });
  let first = true;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return;
        const next = await pages.next();
        let text = '';
        if (req.format === 'csv') {
          if (first) text += csvPage(next.done ? [] : next.value, columns, true);
          else if (!next.done) text += csvPage(next.value, columns, false);
        } else {
          if (first) text += jsonHead(req);
          if (!next.done) {
            text += next.value
              .map((row, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(row)}`)
              .join('');
          }
          if (next.done) text += '\n]}\n';
        }
        if (!next.done) first = false;
        if (next.done) {
          done = true;
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        done = true;
        await pages.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export function exportHeaders(req: ExportRequest, rows: number): Record<string, string> {
  const name = exportFileName(req.guildId, req.dataset, req.from, req.to, req.format);
  return {
    'content-type': req.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
    'x-export-rows': String(rows),
  };
}
