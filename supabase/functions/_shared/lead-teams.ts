/**
 * The lead as a Microsoft Teams channel shows it. Teams' webhooks (a Workflows flow "when a Teams webhook request is
 * received", as the retired Office 365 connectors before it) post an Adaptive Card: a workflow posts nothing of a
 * plain `text`, and a connector ran its lines into one paragraph and read a visitor's *words* and lists as Markdown.
 * Every word here is a TextRun, which Teams shows as written (the Adaptive Card schema: "Markdown is not supported"),
 * each field and each line of the message on a line of its own; a long message is cut, the leads table has it whole.
 * The visitor's email and phone open a reply and a call, tapped or from the Call and Email buttons under the fields.
 */
import { columnLabel, leadFields, leadHeading, messageLines } from './lead-message.ts';
import type { StoredLead } from './lead-store.ts';
import { oneLine } from './one-line.ts';

/** The most of a message a card shows, in characters and lines: Teams refuses a card of more than about 28 KB. */
const messageRoom = { characters: 2000, lines: 40 };

type OpenUrl = { type: 'Action.OpenUrl'; url: string; title?: string };
type Run = {
  type: 'TextRun';
  text: string;
  weight?: 'Bolder';
  isSubtle?: boolean;
  size?: 'Medium';
  selectAction?: OpenUrl;
};
const run = (text: string, style: Omit<Run, 'type' | 'text'> = {}): Run => ({ type: 'TextRun', text, ...style });
const block = (inlines: Run[], spacing: 'None' | 'Medium' = 'None') => ({ type: 'RichTextBlock', inlines, spacing });
const opens = (url: string, title?: string): OpenUrl => ({ type: 'Action.OpenUrl', url, ...(title && { title }) });

/** The buttons under the fields, calling first, for the links the summary gives (lead-message.ts's hrefs). */
const buttonTitles = [
  ['tel:', 'Call'],
  ['mailto:', 'Email'],
] as const;

export function leadTeamsCard(lead: StoredLead) {
  const [subject, received] = leadHeading(lead);
  const summary = leadFields(lead);
  // The visitor's email and phone open as the email's links do, their words still a TextRun's, never read as Markdown.
  const fields = summary.map(([label, value, href], index) =>
    block(
      [run(`${label}: `, { weight: 'Bolder' }), run(oneLine(value), href ? { selectAction: opens(href) } : {})],
      index === 0 ? 'Medium' : 'None',
    ),
  );
  // A tap on a phone is surest on a button: calling and replying without finding the words to tap.
  const buttons = buttonTitles.flatMap(([scheme, title]) => {
    const href = summary.find(([, , link]) => link?.startsWith(scheme))?.[2];
    return href ? [opens(href, title)] : [];
  });
  const body = [
    block([run(subject, { weight: 'Bolder', size: 'Medium' })]),
    block([run(received, { isSubtle: true })]),
  ];
  const content = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    msteams: { width: 'Full' },
    body: [...body, ...fields, { type: 'ActionSet', actions: buttons }, ...messageBlocks(lead)],
  };
  return { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content }] };
}

/** The message under its label, a line of the card per line typed, a blank line a gap, cut at messageRoom. */
function messageBlocks(lead: StoredLead) {
  if (lead.form_type !== 'contact') return [];
  const label = run(`${columnLabel('message')}:`, { weight: 'Bolder' });
  const lines = messageLines(lead);
  if (lines === null) return [block([label, run(' not given')], 'Medium')];
  const blocks = [block([label], 'Medium')];
  let room = messageRoom.characters;
  let gap = false;
  for (const line of lines) {
    if (!line) {
      gap = blocks.length > 1;
      continue;
    }
    if (room <= 0 || blocks.length > messageRoom.lines) break;
    const text = [...line].slice(0, room).join('');
    blocks.push(block([run(text)], gap ? 'Medium' : 'None'));
    room -= text.length;
    gap = false;
  }
  const left = lines.join('').length - (messageRoom.characters - room);
  if (left > 0) {
    blocks.push(block([run(`… cut here, ${left} characters more: the leads table has it whole`, { isSubtle: true })]));
  }
  return blocks;
}
