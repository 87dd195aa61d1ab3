import { data, type AppLoadContext } from "react-router";
import { findGuide, listGuides } from "#modules/seo/server";

export async function loadGuides(context: AppLoadContext) {
  const { publicUrl, appName } = context.config;
  const guides = await listGuides(context.db);
  return {
    appName,
    canonicalUrl: `${publicUrl}/guides`,
    guides: guides.map((guide) => ({
      slug: guide.slug,
      title: guide.title,
      description: guide.description ?? guide.paragraphs[0] ?? "",
    })),
  };
}

export async function loadGuide(context: AppLoadContext, slug: string) {
  const guide = await findGuide(context.db, slug);
  if (!guide) throw data("No such guide", { status: 404 });
  const { publicUrl, appName } = context.config;
  return {
    appName,
    publicUrl,
    canonicalUrl: `${publicUrl}/guides/${guide.slug}`,
    guide: {
      slug: guide.slug,
      title: guide.title,
      paragraphs: guide.paragraphs,
      sections: guide.sections,
      links: guide.links,
      updatedAt: guide.updatedAt.toISOString(),
      description: guide.description ?? guide.paragraphs[0] ?? guide.title,
    },
  };
}
