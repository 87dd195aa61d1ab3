import { Link } from "react-router";
import { Badge } from "#ui/badge";
import { TextField } from "#ui/text-field";
import { responseFactsText } from "#modules/conversations/conversations";
import { InsightCharts } from "#modules/insights/ui";
import { loadActInsights } from "./my-acts.$actUrl.insights.server";
import type { Route } from "./+types/my-acts.$actUrl.insights";
import type { RouteHandle } from "../root";

export const handle: RouteHandle = { queryParams: ["from", "to"] };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Insights: ${data.act.name}` : "Insights" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadActInsights(context, params.actUrl, url);
}

export default function ActInsights({ loaderData }: Route.ComponentProps) {
  const { act, range, query, errors, insights, advice } = loaderData;
  const response = responseFactsText({
    ...(insights.response_rate === null ? {} : { response_rate: insights.response_rate }),
    response_time_hours: insights.response_time_hours,
  });
  return (
    <>
      <p className="text-sm">
        <Link to="/my-acts" className="text-brand-800 underline">
          My Acts
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">Insights for {act.name}</h1>
      <p className="mt-1 text-sm text-gray-800">
        Days in UTC. A view is your profile seen by a guest or a planner, once a visitor a day; crawlers and your own
        visits are not counted. {response ?? "Your response rate shows once enough planners have written."}
      </p>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Days to show">
        <TextField label="From" name="from" type="date" defaultValue={query.from ?? range.from} errors={errors.from} />
        <TextField label="To" name="to" type="date" defaultValue={query.to ?? range.to} errors={errors.to} />
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Show these days
        </button>
        <a
          href={`/acts/${act.url}/insights.csv?from=${range.from}&to=${range.to}`}
          download
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
        >
          Download CSV
        </a>
      </form>
      <InsightCharts days={insights.days} />
      <section aria-labelledby="ranking-heading" className="mt-8 rounded-lg bg-white p-5 shadow-sm">
        <h2 id="ranking-heading" className="text-lg font-semibold">
          What moves you up in search
        </h2>
        <p className="mt-1 text-sm text-gray-800">
          What "Recommended" weighs, and where {act.name} stands.{" "}
          <Link to="/search#how-results-are-ordered" className="text-brand-800 underline">
            How results are ordered
          </Link>
        </p>
        <ul className="mt-3 flex flex-col gap-3">
          {advice.map((item) => (
            <li key={item.factor} className="text-sm">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {item.title}
                <Badge color={item.good ? "green" : "yellow"}>{item.good ? "Doing well" : "Can improve"}</Badge>
              </p>
              <p className="mt-0.5 text-gray-800">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
