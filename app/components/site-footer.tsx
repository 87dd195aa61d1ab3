import { Link } from "react-router";

/** Cities planners search most: each opens the search there. */
const CITIES = ["New York, NY", "Los Angeles, CA", "Chicago, IL", "Houston, TX", "Austin, TX", "Nashville, TN", "Atlanta, GA", "Seattle, WA"];

/** Every page's footer: who we are, how to reach us, the terms, the guides and the cities. */
export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-12 border-t border-gray-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <nav aria-label="About us">
          <h2 className="font-semibold text-gray-900">{appName}</h2>
          <ul className="mt-2 flex flex-col gap-1">
            <li>
              <Link to="/about" className="text-gray-700 hover:underline">
                About
              </Link>
            </li>
            <li>
              <Link to="/contact" className="text-gray-700 hover:underline">
                Contact
              </Link>
            </li>
            <li>
              <Link to="/terms" className="text-gray-700 hover:underline">
                Terms
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="For planners">
          <h2 className="font-semibold text-gray-900">For planners</h2>
          <ul className="mt-2 flex flex-col gap-1">
            <li>
              <Link to="/search" className="text-gray-700 hover:underline">
                Find entertainers
              </Link>
            </li>
            <li>
              <Link to="/guides" className="text-gray-700 hover:underline">
                Guides
              </Link>
            </li>
            <li>
              <Link to="/signup" className="text-gray-700 hover:underline">
                Perform with us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Cities">
          <h2 className="font-semibold text-gray-900">Entertainment by city</h2>
          <ul className="mt-2 grid grid-cols-2 gap-1">
            {CITIES.map((city) => (
              <li key={city}>
                <Link to={`/search?location=${encodeURIComponent(city)}`} className="text-gray-700 hover:underline">
                  {city.split(",")[0]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
