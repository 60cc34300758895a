import { photoSources } from '../../../lib/photo';
/** A round photo, or the initials on a tinted disc; decorative, the name beside it does the talking. */
export function PersonPhoto({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  if (photoUrl)
    return <img {...photoSources(photoUrl, '48px')} alt="" className="size-12 shrink-0 rounded-full object-cover" />;
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
    >
      {initials}
    </span>
  );
}
