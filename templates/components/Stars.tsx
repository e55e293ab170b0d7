import { Icon } from './Icon';

export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <p className="flex gap-0.5 text-amber-500" role="img" aria-label={label}>
      {Array.from({ length: rating }, (_, index) => (
        <Icon key={index} name="star" className="size-5 fill-current" />
      ))}
    </p>
  );
}
