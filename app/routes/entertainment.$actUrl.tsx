import { redirect } from "react-router";
import type { RouteHandle } from "../root";
import { ProfilePage } from "../features/act-profile/profile-page";
import { forwardCookies, readFailure } from "../lib/api-errors";
import { actJsonLd } from "../lib/act-json-ld";
import { loadActProfilePage } from "./entertainment.$actUrl.server";
import type { Route } from "./+types/entertainment.$actUrl";

/** Guests get the public layout: plain HTML, no React in their browser (see root.tsx). */
export const handle: RouteHandle = { publicForGuests: true };

export function loader({ context, params }: Route.LoaderArgs) {
  return loadActProfilePage(context, params.actUrl);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create-account") return readFailure(new Response(null, { status: 400 }), "Unknown action");
  const response = await context.apiFetch("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: form.get("name") ?? "", email: form.get("email") ?? "", password: form.get("password") ?? "", role: "PLANNER" }),
  });
  if (response.ok) return redirect(`/entertainment/${params.actUrl}`, { headers: forwardCookies(response) });
  return readFailure(response, "Could not create your account. Please try again.");
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { seo, profile, canonicalUrl, avatarUrl } = data;
  const tags: Route.MetaDescriptors = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: profile.active ? "index, follow" : "noindex" },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: avatarUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { "script:ld+json": actJsonLd(profile, canonicalUrl, avatarUrl) },
  ];
  if (avatarUrl) tags.push({ property: "og:image", content: avatarUrl }, { name: "twitter:image", content: avatarUrl });
  return tags;
}

export default function EntertainerProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, abilities, viewer, chatWidgetSrc, enhanceScript, reviewEvents } = loaderData;
  const guest = viewer === null;
  return (
    <>
      <ProfilePage act={profile} can={abilities} guest={guest} signupFailure={actionData} reviewEvents={reviewEvents} viewerUrl={viewer?.url} />
      <script type="module" src={enhanceScript} />
      {chatWidgetSrc && <script async src={chatWidgetSrc} data-testid="live-chat-widget" />}
    </>
  );
}
