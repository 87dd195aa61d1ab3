import { KeptMarkup } from "../../components/kept-markup";
import { ResultCard } from "./result-card";

type Result = Parameters<typeof ResultCard>[0]["act"];

/**
 * A page of search results as cards. The same answer shows the same cards to everyone who may
 * invite alike, so they are rendered once per answer on a server (decision 0021).
 */
export function ResultList({ name, acts, canInvite }: { name: string; acts: readonly Result[]; canInvite: boolean }) {
  return <KeptMarkup name={name} input={{ acts, canInvite }} interactive render={(input) => <Cards {...input} />} />;
}

function Cards({ acts, canInvite }: { acts: readonly Result[]; canInvite: boolean }) {
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {acts.map((act) => (
        <li key={act.url}>
          <ResultCard act={act} canInvite={canInvite} />
        </li>
      ))}
    </ul>
  );
}
