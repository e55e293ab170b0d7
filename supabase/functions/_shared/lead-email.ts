/**
 * The lead's email as HTML, beside the summary's plain text (leadSummary), which a client showing text alone keeps:
 * the same words, the fields in a table no wider than a phone's screen needs, the visitor's email and phone links to
 * reply and to call, and the message's own lines. Every word a visitor typed is escaped, so none becomes markup.
 */
import { escapeHtml } from './escape-html.ts';
import { columnLabel, leadFields, leadHeading, messageLines } from './lead-message.ts';
import type { StoredLead } from './lead-store.ts';
import { oneLine } from './one-line.ts';

const cell = 'padding:6px 0;border-top:1px solid #e5e7eb;vertical-align:top';

export function leadEmailHtml(lead: StoredLead): string {
  const [subject, received] = leadHeading(lead).map(escapeHtml);
  const rows = leadFields(lead).map(([label, value, href]) => {
    const words = escapeHtml(oneLine(value));
    return (
      `<tr><th align="left" style="${cell};padding-right:16px;white-space:nowrap">${escapeHtml(label)}</th>` +
      `<td style="${cell};word-break:break-word">${href ? `<a href="${escapeHtml(href)}">${words}</a>` : words}</td></tr>`
    );
  });
  const message = messageLines(lead);
  const body =
    lead.form_type !== 'contact'
      ? ''
      : `<h2 style="font-size:16px;margin:20px 0 6px">${columnLabel('message')}</h2>` +
        `<p style="margin:0;word-break:break-word">${message === null ? 'not given' : message.map(escapeHtml).join('<br>')}</p>`;
  return [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    '<div style="max-width:640px">',
    `<h1 style="font-size:18px;margin:0 0 4px">${subject}</h1>`,
    `<p style="margin:0 0 12px;color:#4b5563">${received}</p>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%">${rows.join('')}</table>`,
    body,
    '</div></body></html>',
  ].join('\n');
}
