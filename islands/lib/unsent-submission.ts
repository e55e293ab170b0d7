/**
 * A form's submission not yet known to be stored (sending, or failed): its id
 * and the fields it carried, kept in the tab's session storage, so that the
 * same words sent again once the page is loaded again (reloaded while it was
 * sending, or left and come back to) carry the same id, and the lead is
 * stored once. Storage the browser refuses is done without: the id then lasts
 * as long as the page.
 */
import type { FormType } from '../../supabase/functions/_shared/lead-options.ts';

export interface Submission {
  id: string;
  fields: string;
}

const key = (formType: FormType) => `tradeboost-unsent-${formType}`;

/** The submission kept for this kind of form, if any. */
export function unsentSubmission(formType: FormType): Submission | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(formType)) ?? 'null') as Partial<Submission> | null;
    return typeof kept?.id === 'string' && typeof kept.fields === 'string'
      ? { id: kept.id, fields: kept.fields }
      : null;
  } catch {
    return null;
  }
}

/** Keeps `submission` for this kind of form; null forgets it (the lead is stored). */
export function keepUnsent(formType: FormType, submission: Submission | null): void {
  try {
    if (submission) sessionStorage.setItem(key(formType), JSON.stringify(submission));
    else sessionStorage.removeItem(key(formType));
  } catch {
    // Refused: the id lasts as long as the page.
  }
}
