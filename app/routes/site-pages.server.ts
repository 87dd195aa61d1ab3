import type { AppLoadContext } from "react-router";

/** What the about, contact and terms pages need: the product's name, its address, and where to write. */
export function loadSitePage(context: AppLoadContext, path: string) {
  const { appName, publicUrl } = context.config;
  return { appName, canonicalUrl: `${publicUrl}${path}`, helpEmail: `help@${new URL(publicUrl).hostname}` };
}
