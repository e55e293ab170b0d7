import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { islands, type IslandName, type IslandProps } from '../../islands/registry';

/**
 * Places a Preact island in a page: its markup is rendered now, so the
 * first paint is the real thing, and its props travel in data-props for the
 * browser to hydrate it with.
 */
export function Island<N extends IslandName>({ name, props, className }: { name: N; props: IslandProps<N>; className?: string }) {
  // The registry's union of components cannot be narrowed by N; the props type above is what keeps this call sound.
  const component = islands[name] as (props: IslandProps<N>) => ReturnType<typeof h>;
  return <div data-island={name} data-props={JSON.stringify(props)} className={className} dangerouslySetInnerHTML={{ __html: renderToString(h(component, props)) }} />;
}
