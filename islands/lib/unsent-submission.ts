/**
 * A form's submission not yet known to be stored (sending, or failed): its id
 * and the fields it carried, kept by form type in the tab's session storage
 * (`tradeboost-unsent`, which the cookie policy lists), so that the same words
 * sent again once the page is loaded again (reloaded while it was sending, or
 * left and come back to) carry the same id, and the lead is stored once.
 * Storage the browser refuses is done without: the id then lasts as long as
 * the page.
 */
import type { FormType } from '../../supabase/functions/_shared/lead-options.ts';

export interface Submission {
  id: string;
  fields: string;
}

const key = 'tradeboost-unsent';

function kept(): Partial<Record<FormType, Submission>> {
  try {
    const all: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

/** The submission kept for this kind of form, if any. */
export function unsentSubmission(formType: FormType): Submission | null {
  const submission = kept()[formType];
  return typeof submission?.id === 'string' && typeof submission.fields === 'string' ? submission : null;
}

/** Keeps `submission` for this kind of form; null forgets it (the lead is stored), and the item with the last. */
export function keepUnsent(formType: FormType, submission: Submission | null): void {
  const all = JSON.stringify({ ...kept(), [formType]: submission ?? undefined });
  try {
    if (all === '{}') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, all);
  } catch {
    // Refused: the id lasts as long as the page.
  }
}
