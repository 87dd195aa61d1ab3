import { Link } from "react-router";

/** Cities planners search most: each opens the search there. */
const CITIES = [
  "New York, NY",
  "Los Angeles, CA",
  "Chicago, IL",
  "Houston, TX",
  "Austin, TX",
  "Nashville, TN",
  "Atlanta, GA",
  "Seattle, WA",
];

/** Every page's footer: who we are, how to reach us, the terms, the guides and the cities. */
export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-12 border-t border-gray-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <FooterColumn
          label="About us"
          heading={appName}
          links={[
            ["About", "/about"],
            ["Contact", "/contact"],
            ["Terms", "/terms"],
          ]}
        />
        <FooterColumn
          label="For planners"
          heading="For planners"
          links={[
            ["Find entertainers", "/search"],
            ["Guides", "/guides"],
            ["Perform with us", "/signup"],
          ]}
        />
        <FooterColumn
          label="Cities"
          heading="Entertainment by city"
          links={CITIES.map((city) => [city.split(",")[0]!, `/search?location=${encodeURIComponent(city)}`])}
          listClassName="grid grid-cols-2 gap-1"
        />
      </div>
    </footer>
  );
}

function FooterColumn({
  label,
  heading,
  links,
  listClassName = "flex flex-col gap-1",
}: {
  label: string;
  heading: string;
  links: [text: string, to: string][];
  listClassName?: string;
}) {
  return (
    <nav aria-label={label}>
      <h2 className="font-semibold text-gray-900">{heading}</h2>
      <ul className={`mt-2 ${listClassName}`}>
        {links.map(([text, to]) => (
          <li key={to}>
            <Link to={to} className="text-gray-700 hover:underline">
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
