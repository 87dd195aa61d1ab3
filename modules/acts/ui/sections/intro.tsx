import { actFactLines } from "../../act-facts";
import type { SectionProps } from "../types";

export function Intro({ act }: SectionProps) {
  return (
    <section aria-label="About" className="rounded-lg bg-white p-5 shadow-sm">
      {act.headline && <p className="text-xl font-semibold">{act.headline}</p>}
      {act.description && <p className="mt-2 whitespace-pre-line text-gray-800">{act.description}</p>}
      {actFactLines(act.facts).map((line) => (
        <p key={line} className="mt-2 text-gray-800">
          {line}
        </p>
      ))}
      {act.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
          {act.tags.map((tag) => (
            <li key={tag.id} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
              {tag.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
