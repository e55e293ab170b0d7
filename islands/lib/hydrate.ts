import { h, hydrate, type ComponentType } from 'preact';

/**
 * Brings a server-rendered island to life with the props the build wrote
 * beside it. The markup is already there: nothing moves.
 *
 * Should its code throw as it comes to life (a browser without something it
 * uses, a bug shipped), Preact has already removed the markup it could not
 * claim: a form gone from under the visitor. The markup as shown is put back,
 * with what was typed and the focus where it was, its button disabled and the
 * island marked (data-failed), so that the note below a form says at once how
 * else to reach the agency (styles.css): a form as if its code had never come.
 * The error is thrown on, for the console and whoever watches for errors.
 */
export function hydrateIsland<P extends object>(element: HTMLElement, Component: ComponentType<P>): void {
  // A copy keeps the text of its inputs and textareas and their ticks (their cloning steps), not the options chosen.
  const shown = element.cloneNode(true) as HTMLElement;
  const options = shown.querySelectorAll('option');
  element.querySelectorAll('option').forEach((option, index) => (options[index]!.selected = option.selected));
  const focused = [...element.querySelectorAll('*')].indexOf(document.activeElement!);
  try {
    hydrate(h(Component, JSON.parse(element.dataset.props ?? '{}') as P), element);
  } catch (error) {
    element.replaceChildren(...shown.childNodes);
    for (const button of element.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = true;
    element.dataset.failed = '';
    (element.querySelectorAll('*')[focused] as HTMLElement | undefined)?.focus();
    throw error;
  }
}
