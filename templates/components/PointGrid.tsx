import type { IconName } from '../../src/content/model';
import { Icon } from './Icon';

export interface Point {
  icon: IconName;
  title: string;
  text: string;
}

/** Icon, title and a sentence, in a grid of two to four columns. */
export function PointGrid({ items, columns = 4 }: { items: readonly Point[]; columns?: 3 | 4 }) {
  return (
    <ul
      className={`grid grid-cols-[minmax(0,1fr)] gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
    >
      {items.map((item) => (
        <li key={item.title} className="card rounded-2xl bg-white p-6 shadow-sm card-edge">
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-light text-brand">
            <Icon name={item.icon} />
          </span>
          <h3 className="mb-2 text-lg font-bold text-slate-900">{item.title}</h3>
          <p className="text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
