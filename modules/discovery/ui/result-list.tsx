import { CachedMarkup } from "#ui/cached-markup";
import { ResultCard } from "./result-card";

type Result = Parameters<typeof ResultCard>[0]["act"];

/**
 * A page of search results as cards. The same answer shows the same cards to everyone who may
 * invite alike, so they are rendered once per answer on a server (decision 0021).
 */
export function ResultList({
  name,
  acts,
  canInvite,
  invited = [],
  shortlisted = [],
  freeOn = null,
  onMap = false,
}: {
  name: string;
  acts: readonly Result[];
  canInvite: boolean;
  /** Acts the planner has invited to an upcoming event. */
  invited?: readonly string[];
  /** Acts the planner saved to their shortlist. */
  shortlisted?: readonly string[];
  /** The searched day: every act found is free on it, and its card says so. */
  freeOn?: string | null;
  /** Shown beside the map: each card links to its pin. */
  onMap?: boolean;
}) {
  // Only the acts on this page shape the cards, so planners who invited or saved none of them share one rendering.
  const onPage = (urls: readonly string[]) => urls.filter((url) => acts.some((act) => act.url === url));
  return (
    <CachedMarkup
      name={name}
      input={{ acts, canInvite, invited: onPage(invited), shortlisted: onPage(shortlisted), freeOn, onMap }}
      interactive
      render={(input) => <Cards {...input} />}
    />
  );
}

function Cards({
  acts,
  canInvite,
  invited,
  shortlisted,
  freeOn,
  onMap,
}: {
  acts: readonly Result[];
  canInvite: boolean;
  invited: readonly string[];
  shortlisted: readonly string[];
  freeOn: string | null;
  onMap: boolean;
}) {
  return (
    // Two columns where there is room: a card leads with its photo, name, place, price and rating, and a full-width one was mostly empty.
    <ul className="mt-4 grid gap-3 lg:grid-cols-2">
      {acts.map((act) => (
        <li key={act.url}>
          <ResultCard
            act={act}
            canInvite={canInvite}
            invited={invited.includes(act.url)}
            shortlisted={shortlisted.includes(act.url)}
            freeOn={freeOn}
            onMap={onMap && act.map !== null}
          />
        </li>
      ))}
    </ul>
  );
}
