/** Results as a list or on a map: two links, the current one marked (search and listing pages). */
export function ViewSwitch({ view, href }: { view: "list" | "map"; href: (to: "list" | "map") => string }) {
  const link = (to: "list" | "map", label: string) => (
    <a
      href={href(to)}
      aria-current={view === to ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === to ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-gray-300"}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Show results" className="mt-4 flex gap-2">
      {link("list", "List")}
      {link("map", "Map")}
    </nav>
  );
}
