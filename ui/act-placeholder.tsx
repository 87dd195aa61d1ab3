import { initialsOf } from "#domain/formatters";

/**
 * Where an act without a photo would show one: its initials and, where known, its kind of act
 * ("Magician", "Trio") on the brand's colours, not a blank box.
 */
export function ActPlaceholder({ name, kind, className }: { name: string; kind?: string | null; className: string }) {
  return (
    <div
      aria-hidden
      className={`flex flex-col items-center justify-center gap-0.5 overflow-hidden bg-gradient-to-br from-brand-700 to-pink-600 px-1 text-center font-bold tracking-wide text-white ${className}`}
    >
      <span className="text-3xl leading-none">{initialsOf(name)}</span>
      {kind && (
        <span className="max-w-full truncate text-xs font-semibold uppercase tracking-wider text-white">{kind}</span>
      )}
    </div>
  );
}
