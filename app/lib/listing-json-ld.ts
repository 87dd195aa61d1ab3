/** schema.org data of a listing page: its acts in order, and where the page sits. */
export function listingJsonLd(input: {
  title: string;
  url: string;
  publicUrl: string;
  acts: { url: string; name: string }[];
  offset: number;
  crumbs: { name: string; url: string }[];
}) {
  return [
    {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: input.title,
      url: input.url,
      itemListElement: input.acts.map((act, index) => ({
        "@type": "ListItem",
        position: input.offset + index + 1,
        url: `${input.publicUrl}/entertainment/${act.url}`,
        name: act.name,
      })),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: input.crumbs.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: crumb.url,
      })),
    },
  ];
}
