/** The page title and description rule of SPEC.md section 1. */
export const FALLBACK_TITLE_NAME = "Entertainer Profile";
export const FALLBACK_DESCRIPTION = "EVA Entertainer";

export interface PageSeo {
  title: string;
  description: string;
}

export function actPageSeo(
  appName: string,
  act: { name: string | null; description: string | null },
  curated: { title: string; desc: string } | null,
): PageSeo {
  if (curated) return { title: curated.title, description: curated.desc };
  return {
    title: `${appName} - ${act.name || FALLBACK_TITLE_NAME}`,
    description: act.description || FALLBACK_DESCRIPTION,
  };
}
