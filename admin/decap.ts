/**
 * Decap CMS, as its script sets it up in the page (https://decapcms.org/docs/manual-initialization/):
 * loaded by the editor's own script, which sets it up before it starts. What
 * of its API this editor uses is typed here.
 */
import type { FileFormat } from './file-formats';

/** Decap keeps entries as Immutable.js maps; these are the methods the editor reads them with. */
export interface DecapMap {
  get(key: string): unknown;
  getIn(path: readonly (string | number)[]): unknown;
  deleteIn(path: readonly (string | number)[]): DecapMap;
  toJS(): Record<string, unknown>;
}

/** What Decap hands a preview template (https://decapcms.org/docs/customization/). */
export interface PreviewProps {
  entry: DecapMap;
  /** An image's src as the content names it → where the preview can load it from (a draft's blob: URL). */
  getAsset(src: string): { toString(): string };
}

export interface DecapEvent {
  entry: DecapMap;
}

export interface DecapCms {
  registerCustomFormat(name: string, extension: string, format: FileFormat): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerPreviewStyle(url: string): void;
  registerEventListener(listener: { name: 'preSave' | 'postSave'; handler: (event: DecapEvent) => unknown }): void;
}

/** React's createElement and create-react-class, as Decap shares them: previews are drawn by Decap's own React. */
export type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
export interface ClassSpec {
  getInitialState?(): Record<string, unknown>;
  render(): unknown;
  [method: string]: unknown;
}

export interface Decap {
  CMS: DecapCms;
  init(options: { config: unknown }): void;
  h: CreateElement;
  createClass(spec: ClassSpec): unknown;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapCms;
    initCMS?: Decap['init'];
    h?: CreateElement;
    createClass?: Decap['createClass'];
  }
}

/** Loads Decap's script, told to wait for the editor's configuration rather than look for a config.yml. */
export function loadDecap(src: string): Promise<Decap> {
  window.CMS_MANUAL_INIT = true;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () =>
      resolve({ CMS: window.CMS!, init: window.initCMS!, h: window.h!, createClass: window.createClass! });
    script.onerror = () => reject(new Error(`Decap CMS could not be loaded from ${src}`));
    document.head.append(script);
  });
}
