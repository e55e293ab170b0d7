import { Icon } from './Icon';

export function FeatureList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-slate-700">
          <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}
