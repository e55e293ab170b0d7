/**
 * Leads as text, for `sitegen leads`: a table, JSON or CSV. Leads are typed by strangers, so nothing of theirs reaches
 * a terminal able to move the cursor, recolour the screen or reorder what is shown, and no CSV cell runs as a formula.
 */
import { leadColumns, type LeadRow } from './pglite-lead-store';
import { oneLine, unescapedControls } from '../../supabase/functions/_shared/one-line.ts';
import { describeTouch, touchOf } from '../../supabase/functions/_shared/attribution.ts';
import { columnLabel, foundBy, inWords } from '../../supabase/functions/_shared/lead-message.ts';
import { limits } from '../../supabase/functions/_shared/lead-options.ts';
import { londonTime } from '../content/publishing';
import { leadCount } from './lead-retention';
import stringWidth from 'string-width';

export type LeadFormat = 'table' | 'json' | 'csv';
type FormatOptions = { terminal?: boolean; notifying?: boolean };

/** After this many attempts (the retry schedule of supabase/migrations/) a notification is left to a person. */
export const maxNotifyAttempts = 8;

/**
 * Each format ends with a line break, so write it as is (process.stdout.write). JSON escapes what a terminal acts on
 * (\u009b, bidi's \u202e), which JSON reads back as the same text. In CSV (RFC 4180), a cell starting with =, +, -, @,
 * tab or CR gets a leading ' so that a spreadsheet never runs it as a formula, and so does one of digits from a 0,
 * which Excel reads as a number (a phone's 07700900123 as 7700900123); written to a `terminal`, its cells lose their
 * control and bidi characters too; written to a file, it starts with a byte order mark, without which Excel reads
 * UTF-8 as its own code page, and "Zoë" as "ZoÃ«".
 */
export function formatLeads(rows: readonly LeadRow[], format: LeadFormat, options: FormatOptions = {}): string {
  switch (format) {
    case 'json': {
      const objects = rows.map((row) => Object.fromEntries(leadColumns.map((column) => [column, row[column]])));
      return `${escapeControls(JSON.stringify(objects, null, 2))}\n`;
    }
    case 'csv': {
      const cell = (value: string) => csvCell(options.terminal ? oneLine(value) : value);
      const lines = rows.map((row) => leadColumns.map((column) => cell(csvValue(row, column))).join(','));
      const byteOrderMark = options.terminal ? '' : '\uFEFF';
      return byteOrderMark + [leadColumns.map(columnLabel).join(','), ...lines].map((line) => `${line}\r\n`).join('');
    }
    case 'table':
      return formatTable(rows, options.notifying);
  }
}

function csvValue(row: LeadRow, column: (typeof leadColumns)[number]): string {
  const value = inWords(row, column);
  if (value instanceof Date) return value.toISOString();
  return Array.isArray(value) ? value.join('; ') : String(value ?? '');
}

export const csvCell = (value: string) => csvText(/^(?:[=+\-@\t\r]|0\d+$)/.test(value) ? `'${value}` : value);
/** A cell as written: for the agency's own words, such as a conversion action's name, which Google Ads matches as is. */
export const csvText = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const escapeControls = (json: string) =>
  json.replace(unescapedControls, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** `notifying` is undefined with no server running: then none is sending, and what is due waits for one (notSent). */
function notificationState(row: LeadRow, notifying?: boolean) {
  if (row.notified_at) return 'sent';
  if (!row.next_notify_at || notifying === false) return row.notify_attempts === 0 ? 'off' : 'failed';
  return notifying === undefined ? 'waiting' : row.notify_attempts === 0 ? 'sending' : 'retrying';
}

/** As the agency's clocks read it, BST in summer, as its notifications say it: 2024-07-01 10:15. */
const time = (date: Date) => londonTime(date).slice(0, 16).replace('T', ' ');

const tableColumns: { title: string; max: number; value: (row: LeadRow, notifying?: boolean) => string }[] = [
  // The number the lines under the table name a lead by (#2).
  { title: '#', max: 8, value: (row) => String(row.id) },
  { title: 'Time (UK)', max: 16, value: (row) => time(row.created_at) },
  { title: 'Form', max: 11, value: (row) => inWords(row, 'form_type') ?? '' },
  { title: 'Name', max: 24, value: (row) => row.name ?? '' },
  { title: 'Email', max: 32, value: (row) => row.email },
  // Never cut: it is the number the agency calls back on.
  { title: 'Phone', max: limits.phone, value: (row) => row.phone ?? '' },
  { title: 'Trade', max: 19, value: (row) => inWords(row, 'trade') ?? '' },
  { title: 'Source', max: 28, value: (row) => describeTouch(lastTouch(row)) },
  { title: 'Notified', max: 8, value: notificationState },
];

/** How the visitor found the site, as the agency's notification says it. */
const lastTouch = (row: LeadRow) => touchOf(row, 'last') ?? touchOf(row, 'first');

/** Each lead's whole attribution, which the Source column cuts short. */
function foundSection(rows: readonly LeadRow[]): string[] {
  const found = rows.filter(lastTouch);
  if (found.length === 0) return [];
  const line = (row: LeadRow) =>
    foundBy(row)
      .map(([label, text]) => `${label} ${text}`)
      .join('; ');
  return [
    'How they found the site:',
    ...found.map((row) => `  #${row.id} ${oneLine(`${row.name ?? row.email}: ${line(row)}`)}`),
  ];
}

function formatTable(rows: readonly LeadRow[], notifying: boolean | undefined): string {
  if (rows.length === 0) return 'No leads yet.\n';
  const cells = rows.map((row) => tableColumns.map((column) => fit(oneLine(column.value(row, notifying)), column.max)));
  const widths = tableColumns.map((column, index) =>
    Math.max(column.title.length, ...cells.map((line) => stringWidth(line[index]!))),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) => value + ' '.repeat(widths[index]! - stringWidth(value)))
      .join('  ')
      .trimEnd();
  const head = [tableColumns.map((column) => column.title), widths.map((width) => '-'.repeat(width))].map(line);
  const under = [leadCount(rows.length), ...foundSection(rows), ...notSent(rows, notifying)];
  return [...head, ...cells.map(line), ...under].map((text) => `${text}\n`).join('');
}

function notSent(rows: readonly LeadRow[], notifying: boolean | undefined): string[] {
  const failed = rows.filter((row) => !row.notified_at && row.notify_attempts > 0);
  if (failed.length === 0) return [];
  return [
    `Not sent to the agency (${failed.length}):`,
    ...failed.map((row) => {
      const attempt = `attempt ${row.notify_attempts} of ${maxNotifyAttempts}`;
      const server = notifying ? '' : ' to a sitegen preview or dev started with notifications on';
      const next = !row.next_notify_at
        ? `gave up after ${row.notify_attempts} attempts: pass it on by hand`
        : notifying === false
          ? `${attempt}; not tried again while notifications are off: pass it on by hand`
          : `${attempt}; tried again from ${time(row.next_notify_at)} UK time, on the next request${server}`;
      return `  #${row.id} ${oneLine(row.name ?? row.email)}: ${oneLine(row.notify_error ?? 'failed')} (${next})`;
    }),
  ];
}

/** Cut to `max` columns of a terminal, where a Chinese character or an emoji takes two. */
function fit(value: string, max: number): string {
  const graphemes = (text: string) => Array.from(new Intl.Segmenter().segment(text), ({ segment }) => segment);
  while (stringWidth(value) > max) value = `${graphemes(value).slice(0, -2).join('')}…`;
  return value;
}
