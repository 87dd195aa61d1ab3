import { initialsOf } from "../../../domain/act-presentation";

/** Where an act without a photo would show one: its initials on the brand's colours, not a blank box. */
export function ActPlaceholder({ name, className }: { name: string; className: string }) {
  return (
    <div aria-hidden className={`flex items-center justify-center bg-gradient-to-br from-violet-700 to-pink-600 font-bold tracking-wide text-white ${className}`}>
      <span className="text-3xl">{initialsOf(name)}</span>
    </div>
  );
}
