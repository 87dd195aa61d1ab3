import type { MetaDescriptor } from "react-router";

/**
 * The head of a public page: one title, a description, a canonical URL (the page's own,
 * without tracking parameters), Open Graph and Twitter cards.
 */
export function publicPageMeta(page: {
  title: string;
  description: string;
  canonicalUrl: string;
  type?: "website" | "article" | "profile";
  image?: string | null;
  robots?: string;
}): MetaDescriptor[] {
  const { title, description, canonicalUrl, type = "website", image } = page;
  return [
    { title },
    { name: "description", content: description },
    ...(page.robots ? [{ name: "robots", content: page.robots }] : []),
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
  ];
}
