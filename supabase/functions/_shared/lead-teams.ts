/**
 * The lead as a Microsoft Teams channel shows it. Teams' webhooks (a Workflows flow "when a Teams webhook request is
 * received", as the retired Office 365 connectors before it) post an Adaptive Card: a workflow posts nothing of a
 * plain `text`, and a connector ran its lines into one paragraph and read a visitor's *words* and lists as Markdown.
 * Every word here is a TextRun, which Teams shows as written (the Adaptive Card schema: "Markdown is not supported"),
 * each field and each line of the message on a line of its own; a long message is cut, the leads table has it whole.
 */
import { columnLabel, leadFields, leadHeading, messageLines } from './lead-message.ts';
import type { StoredLead } from './lead-store.ts';
import { oneLine } from './one-line.ts';

/** The most of a message a card shows, in characters and lines: Teams refuses a card of more than about 28 KB. */
const messageRoom = { characters: 2000, lines: 40 };

type Run = { type: 'TextRun'; text: string; weight?: 'Bolder'; isSubtle?: boolean; size?: 'Medium' };
const run = (text: string, style: Omit<Run, 'type' | 'text'> = {}): Run => ({ type: 'TextRun', text, ...style });
const block = (inlines: Run[], spacing: 'None' | 'Medium' = 'None') => ({ type: 'RichTextBlock', inlines, spacing });

export function leadTeamsCard(lead: StoredLead) {
  const [subject, received] = leadHeading(lead);
  const fields = leadFields(lead).map(([label, value], index) =>
    block([run(`${label}: `, { weight: 'Bolder' }), run(oneLine(value))], index === 0 ? 'Medium' : 'None'),
  );
  const body = [
    block([run(subject, { weight: 'Bolder', size: 'Medium' })]),
    block([run(received, { isSubtle: true })]),
  ];
  const content = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    msteams: { width: 'Full' },
    body: [...body, ...fields, ...messageBlocks(lead)],
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
