/** @jsxImportSource preact */
/** What every lead form has: the trap for bots and the button that sends. */

/**
 * Invisible to people and to assistive technology; bots fill it in, and the server then stores nothing. Hidden by the
 * markup, not by the stylesheet alone: a page whose stylesheet has not come would ask a person for their website here,
 * and drop their enquiry, thanking them, once they gave it.
 */
export function Honeypot() {
  return (
    <div hidden>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/**
 * Disabled while a submission is under way, and until the form's script is
 * ready (useLeadForm). Marked while it sends, for the live region below the
 * form to say so (templates/components/Island.tsx).
 */
export function SubmitButton({
  ready,
  submitting,
  label,
  submittingLabel,
}: {
  ready: boolean;
  submitting: boolean;
  label: string;
  submittingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={submitting || !ready}
      data-sending={submitting || undefined}
      class="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-accent px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-accent-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-wait disabled:opacity-70"
    >
      {submitting ? submittingLabel : label}
    </button>
  );
}

/** The words of the server refusing a field, the description of that field while it is marked invalid (useLeadForm). */
export function Refusal({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} hidden>
      {text}
    </p>
  );
}
