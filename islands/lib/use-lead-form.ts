import { useEffect, useRef, useState } from 'preact/hooks';
import type { FormType } from '../../supabase/functions/_shared/lead-options.ts';
import { showToast } from './toasts';
import type { LeadEndpoint, ToastCopy } from './types';
import { keepUnsent, unsentId } from './unsent-submission';

type Submitter = typeof import('./submit-lead');

/**
 * State shared by every lead form: submitting once at a time, one submission
 * id per filled-in form (kept for a retry of the same words, so a retried lead
 * is stored once, even a retry after the page is loaded again, as by a reload
 * while it was sending: unsent-submission.ts; a new one once the visitor
 * changes them, so that a correction is stored too), toasts, emptying the
 * fields only on success (and then only if unchanged since they were sent),
 * and marking the field the server refused, the focus taken to it
 * (markRefused).
 *
 * `ready` is false in the page's first paint, its button disabled for a
 * browser without JavaScript (the island's script at load enables it:
 * hydrate-on-use.ts), and true once this code runs.
 */
export function useLeadForm(formType: FormType, endpoint: LeadEndpoint, copy: ToastCopy) {
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  /** The submit button, when it had the focus that disabling it took away. */
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Not while one is under way: a form sent as its code came (hydrate-on-use.ts) is sending at its first render's effect.
    if (submitting || inFlight.current || !refocus.current) return;
    // Back where the visitor was, unless they have moved on meanwhile.
    if (document.activeElement === document.body || !document.activeElement) refocus.current.focus();
    refocus.current = null;
  }, [submitting]);
  /** The id of the submission not yet known to be stored (sending, or failed), and the fields it carried. */
  const submission = useRef<{ id: string; fields: string } | null>(null);
  const submitter = useRef<Promise<Submitter | null> | null>(null);
  /** The server's words for the field it refused, that field's description while it is marked (markRefused). */
  const [refusal, setRefusal] = useState('');
  const unmark = useRef<(() => void) | undefined>(undefined);
  const refusalId = `${formType}-refused`;

  // The code that sends a lead, and the toasts, which come alive with it, before any can be shown. Null if it could
  // not load (offline, or a deploy since the page was opened has removed it): asked for again on the next submission,
  // though a browser may keep a module it failed to fetch failed until the page is loaded again.
  const prepare = () =>
    (submitter.current ??= Promise.all([import('./submit-lead'), import('./toaster-on-use')]).then(
      ([code]) => code,
      () => (submitter.current = null),
    ));
  // An island is hydrated on its first use (hydrate-on-use.ts): the code that sends starts loading then, so it is
  // usually there before the visitor presses Send.
  useEffect(() => {
    setReady(true);
    void prepare();
  }, []);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    // Spaces alone fill a required field for the browser, not for the lead: emptied, the browser says so at the field.
    for (const field of form.querySelectorAll('input')) if (field.required && !field.value.trim()) field.value = '';
    if (inFlight.current || !form.reportValidity()) return;
    inFlight.current = true;
    unmark.current?.();
    const button = (event as SubmitEvent).submitter;
    // Pressed while the form's code was still coming, the button was disabled at once (hydrate-on-use.ts), and the focus
    // it had is already on the page's body.
    const sentFrom = document.activeElement;
    const focusLost = !sentFrom || sentFrom === document.body;
    refocus.current = button && (sentFrom === button || focusLost) ? button : null;
    setSubmitting(true);
    // Gone while it is sent (a reload, a link, the tab closed), the page would leave the visitor not knowing whether it
    // went, and sending it again: the browser asks first.
    addEventListener('beforeunload', askBeforeLeaving);
    const code = await prepare();
    if (code) {
      const fields = fieldsOf(form);
      const filledIn = JSON.stringify(fields);
      if (submission.current?.fields !== filledIn) {
        // The same words sent before this page was loaded keep their id.
        submission.current = { id: unsentId(filledIn) ?? code.submissionId(), fields: filledIn };
        keepUnsent(submission.current);
      }
      const payload = {
        ...fields,
        form_type: formType,
        submission_id: submission.current.id,
        page: location.pathname,
      };
      const result = await code.submitLead(endpoint, payload, copy);
      if (result.ok) {
        // Emptied only as it was sent: what the visitor typed meanwhile went in no lead, and is kept for them to send,
        // which the toast tells them, lest they take it for sent.
        const changed = JSON.stringify(fieldsOf(form)) !== filledIn;
        if (!changed) form.reset();
        submission.current = null;
        keepUnsent(null);
        const text = changed ? `${copy.successText} ${copy.unsentChangesText}` : copy.successText;
        showToast({ title: copy.successTitle, text, variant: 'success' });
      } else {
        const refused = refusedField(form, result.message);
        unmark.current = refused && markRefused(refused, refusalId, setRefusal, sentFrom);
        showToast({ title: copy.errorTitle, text: refused?.words ?? result.message, variant: 'destructive' });
      }
    } else {
      // Nor could the toasts' code load: the browser's own message says it. Nothing was sent; every field is kept.
      alert(`${copy.errorTitle}: ${copy.failedFallback}`);
    }
    removeEventListener('beforeunload', askBeforeLeaving);
    inFlight.current = false;
    setSubmitting(false);
  };

  return { ready, submitting, onSubmit, refusal: { id: refusalId, text: refusal } };
}

const askBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * The form's fields by their names, which are the lead schema's, the honeypot ("website", fields.tsx) among them; the
 * services ticked, when any are, as one list (a field named more than once gives its last value alone).
 */
function fieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const fields: Record<string, unknown> = Object.fromEntries(data);
  if ('services_interested' in fields) fields.services_interested = data.getAll('services_interested');
  return fields;
}

/**
 * The field the server refused, when its words name one of the form's (they
 * begin with the field's name, the lead schema's: checkLead, lead.ts), and
 * those words with that name put in the words the visitor sees: the field's
 * label, or for the services' boxes, each labelled by its service, the group's
 * legend. A name the boxes share gives them all, the group refused as one.
 */
function refusedField(form: HTMLFormElement, message: string) {
  const name = message.split(' ')[0]!;
  const named = form.elements.namedItem(name);
  const fields = (named instanceof RadioNodeList ? [...named] : named ? [named] : []) as HTMLInputElement[];
  if (!fields[0]) return undefined;
  // The label's own words come first, before the mark of a required field.
  const label = (fields[0].closest('fieldset')?.querySelector('legend') ?? fields[0].labels?.[0])?.firstChild;
  return { fields, words: label ? label.textContent + message.slice(name.length) : message };
}

/**
 * Marks the refused field as invalid and described by the words of its
 * refusal, until the visitor changes it or the form is sent again; returns
 * what unmarks it. The toast says the same words once. The focus goes to the
 * field (the first box), as the browser takes a visitor to a field it stops,
 * unless they have moved on while the form was sent.
 */
function markRefused(
  { fields, words }: { fields: HTMLElement[]; words: string },
  describedBy: string,
  describe: (text: string) => void,
  sentFrom: Element | null,
) {
  // What each field said before, put back: a required list's "false" (labelled-fields.tsx), else nothing.
  const before = fields.map((field) => field.getAttribute('aria-invalid'));
  const unmark = () => {
    for (const [at, field] of fields.entries()) {
      if (before[at] === null) field.removeAttribute('aria-invalid');
      else field.setAttribute('aria-invalid', before[at]!);
      field.removeAttribute('aria-describedby');
      field.removeEventListener('input', unmark);
    }
    describe('');
  };
  for (const field of fields) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', describedBy);
    field.addEventListener('input', unmark);
  }
  describe(words);
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === sentFrom) fields[0]!.focus();
  return unmark;
}
