import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { islands, type IslandName, type IslandProps } from '../../islands/registry';
import { useIsland } from '../lib/page-uses';
import type { FormNotes, LinkedText } from '../layout/types';

/**
 * Places a Preact island in a React page: the island's first paint is
 * rendered now by Preact's own renderer, so the browser's Preact hydrates
 * exactly the markup it would have made, and React holds it as the inner
 * HTML of the wrapper. Its props travel in data-props for the browser to
 * hydrate it with; the page records it, to load the island's entry, which
 * hydrates it on its first use (islands/lib/hydrate-on-use.ts).
 */
export function Island<N extends IslandName>({
  name,
  props,
  className,
  notes,
  hydrate = 'on-use',
}: {
  name: N;
  props: IslandProps<N>;
  className?: string;
  /** A lead form's notes (FormNotes). */
  notes?: FormNotes;
  /**
   * 'on-use': a focus or touch inside it. 'on-form-use': the page does not
   * load the island's script; a form's first use hydrates it with the code
   * that sends (islands/lib/use-lead-form.ts), for an island with nothing to
   * do before a form is sent (the toasts).
   */
  hydrate?: 'on-use' | 'on-form-use';
}) {
  // An island hydrated on a form's first use comes with the code that sends a lead: the page loads no script for it.
  useIsland(hydrate === 'on-use' ? name : undefined);
  const json = JSON.stringify(props);
  const island = (
    <div
      {...(hydrate === 'on-use' ? { 'data-island': name } : { 'data-island-on-form-use': name })}
      data-props={json}
      className={className}
      dangerouslySetInnerHTML={{ __html: firstPaint(name, props) }}
    />
  );
  if (notes === undefined) return island;
  // What a form cannot do with JavaScript off (it cannot send), said above it, before anything is typed; below it, what
  // to do when it waits too long (styles.css shows it), and where the privacy policy says what becomes of what was typed.
  const warning = 'rounded-lg bg-amber-50 p-4 text-sm font-medium text-amber-950 ring-1 ring-amber-300';
  return (
    <>
      <noscript>
        <p className={`mb-4 ${warning}`}>
          <Linked text={notes.withoutScript} />
        </p>
      </noscript>
      {island}
      {/* In a live region drawn from the first paint, empty of anything shown till then: a screen reader says each line
          as it shows. First, as the form sends, what its button then reads, whose change of words is not announced;
          then the note, to a visitor who pressed Send and heard nothing more of the form. */}
      <div aria-live="polite" className="form-wait">
        <p hidden className="form-wait-sending sr-only">
          {'copy' in props ? props.copy.submitting : undefined}
        </p>
        <p className={`form-wait-note mt-4 ${warning}`}>
          <Linked text={notes.waiting} />
        </p>
      </div>
      <p className="mt-4 text-center text-sm">
        <Linked text={notes.privacy} />
      </p>
    </>
  );
}

function Linked({ text }: { text: LinkedText }) {
  return text.map((run, index) =>
    run.href ? (
      <a key={index} href={run.href} className="underline underline-offset-2">
        {run.text}
      </a>
    ) : (
      run.text
    ),
  );
}

/** The island's markup as Preact renders it. */
function firstPaint<N extends IslandName>(name: N, props: IslandProps<N>): string {
  // The registry's union of components cannot be narrowed by N; the props type above is what keeps this call sound.
  const component = islands[name] as (props: IslandProps<N>) => ReturnType<typeof h>;
  // Unlisted, it would be drawn as <undefined> and no script would bring it to life.
  if (!component) throw new Error(`islands/registry.ts does not list the island "${name}": add it there`);
  return renderToString(h(component, props));
}
