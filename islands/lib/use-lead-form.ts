import { useEffect, useRef, useState } from 'preact/hooks';
import type { FormType } from '../../supabase/functions/_shared/lead-options.ts';
import { showToast } from './toasts';
import type { LeadEndpoint, ToastCopy } from './types';

type Submitter = typeof import('./submit-lead');

/**
 * State shared by every lead form: submitting once at a time, one submission
 * id per filled-in form (kept for a retry of the same words, so a retried lead
 * is stored once; a new one once the visitor changes them, so that a
 * correction is stored too), toasts, and emptying the fields only on success.
 *
 * `ready` is false in the page's first paint and until this script has run:
 * the submit button waits for it, so that nobody sends a form that nothing
 * handles (the browser would put the visitor's details in the address and
 * lose them).
 */
export function useLeadForm(
  formType: FormType,
  endpoint: LeadEndpoint,
  copy: ToastCopy,
  collect: (data: FormData) => Record<string, unknown>,
) {
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  /** The submit button, when it had the focus that disabling it took away. */
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (submitting || !refocus.current) return;
    // Back where the visitor was, unless they have moved on meanwhile.
    if (document.activeElement === document.body || document.activeElement === null) refocus.current.focus();
    refocus.current = null;
  }, [submitting]);
  /** The id of the submission not yet known to be stored (sending, or failed), and the fields it carried. */
  const submission = useRef<{ id: string; fields: string } | null>(null);
  const submitter = useRef<Promise<Submitter> | null>(null);

  // Loading starts on the first focus or touch, so the code is usually there before the visitor presses Send;
  // the toasts come alive with it, before any can be shown.
  const prepare = () =>
    (submitter.current ??= Promise.all([import('./submit-lead'), import('./toaster-on-use')]).then(([code]) => code));

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget as HTMLFormElement;
    const button = (event as SubmitEvent).submitter;
    refocus.current = button && document.activeElement === button ? button : null;
    setSubmitting(true);
    const fields = collect(new FormData(form));
    const filledIn = JSON.stringify(fields);
    if (submission.current?.fields !== filledIn) submission.current = { id: uuid(), fields: filledIn };
    const payload = {
      ...fields,
      form_type: formType,
      submission_id: submission.current.id,
      page: location.pathname,
      website: (form.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '',
    };
    let result: Awaited<ReturnType<Submitter['submitLead']>>;
    try {
      result = await (await prepare()).submitLead(endpoint, payload, copy);
    } catch {
      // The submit code itself failed to load (offline, say): the visitor may try again.
      submitter.current = null;
      result = { ok: false, message: copy.failedFallback };
    }
    if (result.ok) {
      form.reset();
      submission.current = null;
      showToast({ title: copy.successTitle, text: copy.successText, variant: 'success' });
    } else {
      showToast({ title: copy.errorTitle, text: result.message, variant: 'destructive' });
    }
    inFlight.current = false;
    setSubmitting(false);
  };

  return { ready, submitting, onSubmit, prepare };
}

/** A v4 UUID. crypto.randomUUID exists only on https and localhost; getRandomValues works everywhere. */
function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
