import type { RestRoute } from '../../core/rest';
import type { Services } from '../../core/services';
import { type ExportRequest, exportHeaders, exportStream } from './stream';

export const routes = [
  {
    method: 'GET',
    path: '/api/exports/:dataset',
    procedure: 'exports.check',
    summary:
      'Download an export (Pro): dataset daily, language-pairs, top-translators, providers, translations, moderation, tickets or cases; ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included, at most 366) &format=csv|json; streamed, X-Export-Rows gives the row count; never message text (tickets carry the claimer, the rating and the close reason)',
    stream: (services: Services, checked: unknown) => {
      const req = checked as ExportRequest & { rows: number };
      return new Response(
        exportStream(
          services.db,
          req,
          (services.translator.health?.() ?? []).map((h) => h.lane),
        ),
        {
          status: 200,
          headers: exportHeaders(req, req.rows),
        },
      );
    },
  },
] satisfies RestRoute[];
