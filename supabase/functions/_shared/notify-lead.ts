/**
 * Sending a stored lead on to the agency: to a webhook (a JSON POST whose
 * `text` Slack shows as is, its `summary` as typed, plus the lead's fields; to Teams, a card of its own) and by email
 * (its summary as HTML and as plain text) through Resend's HTTP API (Supabase's Edge runtime blocks SMTP ports). Each
 * attempt is recorded on the lead's row; a failed one is due again later and
 * sent by retryDue, which the request handler runs on every lead request.
 *
 * Nothing here fails a submission: errors become the row's notify_error and a
 * log line. Messages name the channel and what it answered, never a URL or a
 * key (a Slack webhook's URL is its secret).
 */
import { describeError } from './describe-error.ts';
import { leadEmailHtml } from './lead-email.ts';
import { escapeForChat, leadSubject, leadSummary } from './lead-message.ts';
import { leadTeamsCard } from './lead-teams.ts';
import { channelsOf, type EmailSettings, type LeadSettings, type WebhookSettings } from './lead-settings.ts';
import type { Channel, LeadStore, StoredLead } from './lead-store.ts';

/** How long a request may wait for notifications: the visitor's answer is never held up by more than about this. */
export const notifyBudgetMs = 2_500;
/** Due notifications sent per request: a backlog drains over several requests rather than holding one up. */
const retryBatch = 10;

export interface NotificationResult {
  sent: Channel[];
  /** Why a channel did not take the lead, or null when every channel did. */
  failure: string | null;
}

export interface LeadNotifier {
  /** The configured channels; none means notifications are off. */
  channels: readonly Channel[];
  /** Sends a lead to every configured channel that does not have it yet, and records the attempt. */
  notify(lead: StoredLead, signal: AbortSignal): Promise<NotificationResult>;
  /** Sends every due notification (failed before, or left mid-attempt by a process that died). */
  retryDue(signal: AbortSignal): Promise<void>;
}

export function createNotifier(
  store: LeadStore,
  settings: Pick<LeadSettings, 'webhook' | 'email'>,
  log: (message: string) => void,
): LeadNotifier {
  const channels = channelsOf(settings);

  const notify = async (lead: StoredLead, signal: AbortSignal): Promise<NotificationResult> => {
    const pending = channels.filter((channel) => !lead.notified_by.includes(channel));
    const outcomes = await Promise.all(
      pending.map(async (channel) => {
        try {
          await (channel === 'webhook'
            ? sendToWebhook(settings.webhook!, lead, signal)
            : sendEmail(settings.email!, lead, signal));
          return { channel, failure: null };
        } catch (error) {
          return {
            channel,
            failure: `${channel}: ${signal.aborted ? `no answer within ${notifyBudgetMs / 1000} s` : describeError(error)}`,
          };
        }
      }),
    );
    const sent = outcomes.filter((outcome) => outcome.failure === null).map((outcome) => outcome.channel);
    const failures = outcomes.flatMap((outcome) => (outcome.failure === null ? [] : [outcome.failure]));
    const result = { sent, failure: failures.length > 0 ? failures.join('; ') : null };
    if (result.failure) log(`lead ${lead.id} was not sent on (it will be retried): ${result.failure}`);
    try {
      await store.recordNotification(lead.id, sent, result.failure);
    } catch (error) {
      // Its lease runs out in a minute and it is sent again then.
      log(`lead ${lead.id}: the notification could not be recorded: ${describeError(error)}`);
    }
    return result;
  };

  return {
    channels,
    notify,
    async retryDue(signal) {
      if (channels.length === 0) return;
      let due: StoredLead[];
      try {
        due = await store.claimDueNotifications(retryBatch);
      } catch (error) {
        log(`due lead notifications could not be read: ${describeError(error)}`);
        return;
      }
      await Promise.all(due.map((lead) => notify(lead, signal)));
    },
  };
}

async function sendToWebhook(webhook: WebhookSettings, lead: StoredLead, signal: AbortSignal): Promise<void> {
  const { notified_by: _, ...fields } = lead;
  const summary = leadSummary(lead);
  const response = await post(
    webhook.url,
    { 'Content-Type': 'application/json' },
    // A webhook's address cannot say what reads it: `text` is escaped for the chats (Slack and those that read its
    // payload or Markdown, which show &amp; as &), `summary` is the same words as typed, for a tool that passes them
    // on elsewhere (an SMS, a CRM's note), where &amp; would show as it is. Slack's formatting off (its message
    // payload's documented `mrkdwn: false`): a visitor's *bold*, _italic_, ~strike~ and `code` show as typed, as does
    // an address of theirs with two underscores.
    webhook.teams ? leadTeamsCard(lead) : { text: escapeForChat(summary), summary, mrkdwn: false, ...fields },
    signal,
  );
  await response.body?.cancel();
  if (!response.ok) throw new Error(`answered ${response.status}`);
}

async function sendEmail(email: EmailSettings, lead: StoredLead, signal: AbortSignal): Promise<void> {
  const headers = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${email.apiKey}`,
    // Resend sends one email per key (for 24 hours): a retry after an answer that was lost on the way back is not a second email.
    'Idempotency-Key': `lead-${lead.submission_id}`,
  };
  const body = {
    from: email.from,
    to: email.to,
    subject: leadSubject(lead),
    text: leadSummary(lead),
    html: leadEmailHtml(lead),
    reply_to: lead.email,
  };
  const response = await post(`${email.apiUrl}/emails`, headers, body, signal);
  const answer = await response.text();
  if (!response.ok) throw new Error(`Resend answered ${response.status}${resendMessage(answer)}`);
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    // The runtimes' own messages repeat the URL: only the error code is kept.
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new Error(`could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
  }
}

function resendMessage(answer: string): string {
  try {
    const message = (JSON.parse(answer) as { message?: unknown }).message;
    return typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
