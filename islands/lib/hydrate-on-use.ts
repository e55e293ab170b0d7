/**
 * An island's script at load (each island's entry calls this): its markup is
 * in the page from the first paint, its button to send disabled, as a browser
 * without JavaScript keeps it, so that nobody sends a form nothing handles
 * (the browser would put the visitor's details in the address and lose them).
 * This enables the button, and brings each copy of the island to life on its
 * first use, a focus or a touch inside it: Preact and the island's own code
 * load then, so a page whose form nobody uses never loads them.
 */
import type { ComponentType } from 'preact';

export function hydrateOnUse(name: string, load: () => Promise<{ default: ComponentType }>): void {
  for (const island of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const buttons = island.querySelectorAll<HTMLButtonElement>('button[type="submit"]');
    const used = new AbortController();
    let hydrated: Promise<boolean> | undefined;
    const hydrate = () =>
      (hydrated ??= Promise.all([import('./hydrate'), load()]).then(
        ([{ hydrateIsland }, code]) => {
          used.abort();
          hydrateIsland(island, code.default);
          return true;
        },
        // Offline, or a deploy since the page was opened has removed the code: asked for again on the next use.
        () => ((hydrated = undefined), false),
      ));
    for (const type of ['focusin', 'pointerdown']) island.addEventListener(type, hydrate, { signal: used.signal });
    // Sent before its code has come (a key pressed at once): held, the button disabled as while a form sends, and sent
    // by the form's own code once it is there. Should it not come, the button stays disabled, and after five seconds
    // the note below it says how else to reach the agency (styles.css, .form-wait-note).
    island.addEventListener(
      'submit',
      async (event) => {
        event.preventDefault();
        // Sent on by the same button: the form's code gives it back the focus its disabling takes (use-lead-form.ts).
        const { submitter } = event as SubmitEvent;
        for (const button of buttons) button.disabled = true;
        if (await hydrate()) (event.target as HTMLFormElement).requestSubmit(submitter);
      },
      { signal: used.signal },
    );
    for (const button of buttons) button.disabled = false;
  }
}
