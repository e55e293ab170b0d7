/**
 * A form's submission not yet known to be stored (sending, or failed): its id
 * and a fingerprint of the fields it carried, never the words themselves,
 * kept by form type in the tab's session storage (`tradeboost-unsent`, which
 * the cookie policy lists), so that the same words sent again once the page
 * is loaded again (reloaded while it was sending, or left and come back to)
 * carry the same id, and the lead is stored once. Storage the browser refuses,
 * or a page without the browser's hashing (not served over HTTPS), is done
 * without: the id then lasts as long as the page.
 */
import type { FormType } from '../../supabase/functions/_shared/lead-options.ts';

const key = 'tradeboost-unsent';

type Kept = Partial<Record<FormType, { id: string; fingerprint: string }>>;

function kept(): Kept {
  try {
    const all: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

async function fingerprint(fields: string): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(fields));
    return btoa(String.fromCharCode(...new Uint8Array(digest)));
  } catch {
    return null;
  }
}

/** The id kept for these fields of this kind of form, if they are the ones it was sent with. */
export async function unsentId(formType: FormType, fields: string): Promise<string | null> {
  const submission = kept()[formType];
  const matches = typeof submission?.id === 'string' && submission.fingerprint === (await fingerprint(fields));
  return matches ? submission.id : null;
}

/** Keeps the id sent with these fields for this kind of form; null forgets it (the lead is stored). */
export async function keepUnsent(formType: FormType, submission: { id: string; fields: string } | null): Promise<void> {
  const print = submission && (await fingerprint(submission.fields));
  const all = JSON.stringify({ ...kept(), [formType]: print ? { id: submission.id, fingerprint: print } : undefined });
  try {
    if (all === '{}') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, all);
  } catch {
    // Refused: the id lasts as long as the page.
  }
}
