import { languageName } from '../../../common/languages';
import type { Ticket, TicketMessage } from './tickets';

/**
 * The transcript as one self-contained web page: the member's language and the support language
 * side by side (a column each), every text escaped, the style inline and a Content-Security-Policy
 * that loads nothing from anywhere (no scripts, images, fonts or links to fetch). Made from the
 * stored ticket when it is sent or downloaded, never kept.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes a text for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px;color:#1a1b1e;background:#fff}
h1{font-size:22px;margin:0 0 4px}
.meta{color:#555;margin:0 0 20px}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{border:1px solid #d0d4da;padding:8px 10px;vertical-align:top;text-align:start}
th{background:#f1f3f5;font-weight:600}
td.text{white-space:pre-wrap;overflow-wrap:anywhere}
td.label{width:22%;color:#444}
.who{font-weight:600}
.when{color:#666;font-size:13px;display:block}
.original{color:#666;font-size:12px}
h2{font-size:17px;margin:28px 0 8px}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}th{background:#25262b}th,td{border-color:#373a40}.meta,.when,.original,td.label{color:#adb5bd}}
`;

/** One row: a label, then the text in the member's language and in the support language. */
function row(
  label: string,
  texts: Record<string, string>,
  member: string,
  support: string,
  original?: string,
) {
  const cell = (language: string) => {
    const text = texts[language];
    if (text === undefined) return '<td class="text original">(not translated)</td>';
    const mark = original === language ? ' <span class="original">(original)</span>' : '';
    return `<td class="text" dir="auto" lang="${escapeHtml(language)}">${escapeHtml(text)}${mark}</td>`;
  };
  const cells = member === support ? cell(member) : `${cell(member)}${cell(support)}`;
  return `<tr><td class="label">${label}</td>${cells}</tr>`;
}

export function transcriptHtml(ticket: Ticket, messages: TicketMessage[]): string {
  const member = ticket.userLanguage;
  const support = ticket.supportLanguage;
  const heads =
    member === support
      ? `<th>${escapeHtml(languageName(member))}</th>`
      : `<th>${escapeHtml(languageName(member))} (member)</th><th>${escapeHtml(languageName(support))} (support)</th>`;
  const header = `<tr><th></th>${heads}</tr>`;
  const first = (texts: Record<string, string>) => ({ [member]: Object.values(texts)[0] ?? '', ...texts });
  const about = [
    row('Subject', first(ticket.subject), member, support, member),
    row('Description', first(ticket.description), member, support, member),
    ...ticket.intake.map((a) => row(escapeHtml(a.question), first(a.answer), member, support, member)),
  ];
  const conversation = messages.map((m) => {
    const who = m.kind === 'status' ? 'Announcement' : m.isStaff ? 'Support' : 'Member';
    const label = `<span class="who">${who}</span><span class="when">${stamp(m.createdAt)}</span>`;
    return row(
      label,
      { ...m.translations, [m.originalLanguage]: m.originalText },
      member,
      support,
      m.originalLanguage,
    );
  });
  const details = [
    `Member ${escapeHtml(ticket.userId)} (${escapeHtml(languageName(member))})`,
    `support language ${escapeHtml(languageName(support))}`,
    `opened ${stamp(ticket.createdAt)}`,
    ticket.category ? `category ${escapeHtml(ticket.category)}` : null,
    `status ${escapeHtml(ticket.status)}`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(support)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ticket #${ticket.id} transcript</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Ticket #${ticket.id}</h1>
<p class="meta">${details.join(' · ')}</p>
${ticket.closeReason ? `<p><strong>Close reason:</strong> <span dir="auto">${escapeHtml(ticket.closeReason)}</span></p>\n` : ''}<table>
${header}
${about.join('\n')}
</table>
<h2>Conversation</h2>
<table>
${header}
${conversation.length ? conversation.join('\n') : '<tr><td colspan="3">No messages.</td></tr>'}
</table>
</body>
</html>
`;
}
