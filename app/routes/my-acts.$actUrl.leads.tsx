import { Link } from "react-router";
import { LEAD_GROUPS, LEAD_GROUP_TITLES } from "#modules/bookings/leads";
import { InviteCard, QuoteTemplates } from "#modules/bookings/ui";
import { takesLine } from "#modules/acts/takes";
import { loadActLeads } from "./my-acts.$actUrl.leads.server";
import type { Route } from "./+types/my-acts.$actUrl.leads";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Leads: ${data.act.name}` : "Leads" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, params }: Route.LoaderArgs) {
  return loadActLeads(context, params.actUrl);
}

export default function ActLeads({ loaderData }: Route.ComponentProps) {
  const { act, groups, templates, total, shown } = loaderData;
  return (
    <>
      <p className="text-sm">
        <Link to="/my-acts" className="text-brand-800 underline">
          My Acts
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">Leads for {act.name}</h1>
      <p className="mt-1 text-sm text-gray-800">
        {act.takes ? (
          <>
            <span className="font-semibold">You take:</span> {takesLine(act.takes)}.{" "}
          </>
        ) : (
          "You have not said what you take. "
        )}
        <Link to="/my-acts" className="text-brand-800 underline">
          Change it on My Acts
        </Link>
      </p>
      <nav aria-label="Lead groups" className="mt-4 flex flex-wrap gap-2 text-sm">
        {LEAD_GROUPS.map((group) => (
          <a
            key={group}
            href={`#leads-${group}`}
            className="rounded-full border border-gray-300 px-3 py-1 hover:bg-gray-50"
          >
            {LEAD_GROUP_TITLES[group].split(":")[0]} ({groups[group].length})
          </a>
        ))}
      </nav>
      <div className="mt-6">
        <QuoteTemplates act={act} templates={templates} />
      </div>
      {LEAD_GROUPS.map((group) => (
        <section key={group} id={`leads-${group}`} aria-labelledby={`leads-${group}-heading`} className="mt-8">
          <h2 id={`leads-${group}-heading`} className="text-xl font-semibold">
            {LEAD_GROUP_TITLES[group]} ({groups[group].length})
          </h2>
          {groups[group].length === 0 ? (
            <p className="mt-2 text-sm text-gray-700">None.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-4">
              {groups[group].map((invite) => (
                <InviteCard key={invite.id} invite={invite} templates={templates} takes={act.takes} heading="h3" />
              ))}
            </ul>
          )}
        </section>
      ))}
      {shown < total && (
        <p className="mt-6 text-sm text-gray-700">
          The newest {shown} of {total} leads.{" "}
          <Link to="/invites" className="text-brand-800 underline">
            All invites
          </Link>
        </p>
      )}
    </>
  );
}
