/**
 * The preview pane: the entry's page as the site draws it (the templates,
 * rendered to markup by React's own renderer, under the site's stylesheet,
 * with its header and footer), or, while the entry is one the build would
 * refuse, the build's message, as sitegen dev shows it in place of a page.
 */
import type { Decap, PreviewProps } from './decap';
import type { EditorSite, Entry } from './editor-site';
import { describeImages, entryOf, localImagesOf, type EntryPlace } from './entry';

export function previewTemplate(
  decap: Decap,
  site: EditorSite,
  place: EntryPlace,
  hooks: {
    pageOf: (entry: Entry) => string | undefined;
    say: (error: unknown) => string;
    /** The editor's own refusals, which come before the build's: a save would say them first. */
    refuse: (decapEntry: PreviewProps['entry'], entry: Entry) => void;
  },
): unknown {
  const { pageOf, say, refuse } = hooks;
  const { h, createClass } = decap;
  return createClass({
    getInitialState: () => ({ measured: 0 }),
    render(this: { props: PreviewProps; setState(state: object): void; state: { measured: number } }) {
      const entry = entryOf(this.props.entry, place);
      const redraw = () => this.setState({ measured: this.state.measured + 1 });
      const images = describeImages(localImagesOf(entry), (src) => String(this.props.getAsset(src)), redraw);
      const path = pageOf(entry);
      if (!path) return notice(h, 'Give it a slug: its page’s address is made from it.');
      try {
        refuse(this.props.entry, entry);
        const page = site.preview(entry, path, images);
        return h('div', { className: page.className, dangerouslySetInnerHTML: { __html: page.html } });
      } catch (error) {
        return notice(h, say(error), 'The build would refuse this:');
      }
    },
  });
}

/** A message in place of the page, in the words the build or the editor says it in. */
function notice(h: Decap['h'], message: string, heading?: string): unknown {
  const box = { margin: '2rem', padding: '1rem 1.25rem', border: '2px solid #b91c1c', borderRadius: '0.5rem' };
  return h(
    'div',
    { role: 'alert', style: { ...box, fontFamily: 'system-ui, sans-serif', color: '#7f1d1d', background: '#fef2f2' } },
    heading ? h('p', { style: { fontWeight: 700, margin: '0 0 0.5rem' } }, heading) : null,
    h('p', { style: { margin: 0, whiteSpace: 'pre-wrap' } }, message),
  );
}
