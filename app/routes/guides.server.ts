import { data, type AppLoadContext } from "react-router";
import { guideFor, guides } from "../../server/services/seo";

export function loadGuides(context: AppLoadContext) {
  const { publicUrl, appName } = context.config;
  return { appName, canonicalUrl: `${publicUrl}/guides`, guides: guides().map((guide) => ({ slug: guide.url, title: guide.title, description: guide.description ?? guide.paragraphs[0] ?? "" })) };
}

export function loadGuide(context: AppLoadContext, slug: string) {
  const guide = guideFor(slug);
  if (!guide) throw data("No such guide", { status: 404 });
  const { publicUrl, appName } = context.config;
  return { appName, publicUrl, canonicalUrl: `${publicUrl}/guides/${guide.url}`, guide: { ...guide, description: guide.description ?? guide.paragraphs[0] ?? guide.title } };
}
