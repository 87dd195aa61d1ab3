import { KeptMarkup } from "../../components/kept-markup";
import { ResultCard } from "./result-card";

type Result = Parameters<typeof ResultCard>[0]["act"];

/**
 * A page of search results as cards. The same answer shows the same cards to everyone who may
 * invite alike, so they are rendered once per answer on a server (decision 0021).
 */
export function ResultList({ name, acts, canInvite, invited = [] }: { name: string; acts: readonly Result[]; canInvite: boolean; /** Acts the planner has invited to an upcoming event. */ invited?: readonly string[] }) {
  // Only the invited acts on this page shape the cards, so planners who invited none of them share one rendering.
  const shown = invited.filter((url) => acts.some((act) => act.url === url));
  return <KeptMarkup name={name} input={{ acts, canInvite, invited: shown }} interactive render={(input) => <Cards {...input} />} />;
}

function Cards({ acts, canInvite, invited }: { acts: readonly Result[]; canInvite: boolean; invited: readonly string[] }) {
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {acts.map((act) => (
        <li key={act.url}>
          <ResultCard act={act} canInvite={canInvite} invited={invited.includes(act.url)} />
        </li>
      ))}
    </ul>
  );
}
