import { redirect } from "react-router";
import type { RouteHandle } from "../root";
import { CachedMarkup } from "#ui/cached-markup";
import type { SignupFailure } from "#modules/acts/ui";
import { ProfilePage } from "#modules/acts/ui";
import { forwardCookies, readFailure } from "#ui/lib/api-errors";
import { actJsonLd } from "../lib/act-json-ld";
import { unpackJson } from "../lib/packed-json";
import { publicPageMeta } from "../lib/page-meta";
import { postJson } from "../lib/post-json.server";
import { loadActProfilePage } from "./entertainment.$actUrl.server";
import type { Route } from "./+types/entertainment.$actUrl";
import type { GuestPage } from "../lib/guest-page";

/** Guests get the public layout: plain HTML, no React in their browser (see root.tsx). */
export const handle: RouteHandle = {
  publicForGuests: true,
  queryParams: ["date"],
};

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadActProfilePage(context, params.actUrl, url);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create-account")
    return readFailure(new Response(null, { status: 400 }), "Unknown action");
  const typed = (field: string) => String(form.get(field) ?? "");
  const response = await postJson(context, "/api/auth/sign-up/email", {
    name: typed("name"),
    email: typed("email"),
    password: typed("password"),
    role: "PLANNER",
  });
  if (response.ok) return redirect(`/entertainment/${params.actUrl}`, { headers: forwardCookies(response) });
  // What was typed comes back with the messages, so a refusal costs no retyping (never the password).
  const failure: SignupFailure = {
    ...(await readFailure(response, "Could not create your account. Please try again.")),
    values: { name: typed("name"), email: typed("email") },
  };
  return failure;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { seo, canonicalUrl, avatarUrl } = data;
  const profile = unpackJson(data.profile);
  return [
    ...publicPageMeta({
      title: seo.title,
      description: seo.description,
      canonicalUrl,
      type: "profile",
      image: avatarUrl,
      robots: profile.active ? "index, follow" : "noindex",
    }),
    { "script:ld+json": actJsonLd(profile, canonicalUrl, avatarUrl) },
  ];
}

export default function EntertainerProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileBody loaderData={loaderData} actionData={actionData} />;
}

function ProfileBody({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { abilities, viewer, chatWidgetSrc, enhanceScript, reviewEvents, shortlisted, threads, availability } =
    loaderData;
  const profile = unpackJson(loaderData.profile);
  const guest = viewer === null;
  // The page's body is the same for every viewer who may see and do the same: rendered once per
  // act and abilities on a server (decision 0021). The uploader's address only matters to managers.
  const input = {
    act: profile,
    can: abilities,
    guest,
    signupFailure: actionData,
    reviewEvents,
    shortlisted,
    threads,
    availability,
    viewerUrl: abilities.manage ? viewer?.url : undefined,
  };
  return (
    <>
      <CachedMarkup
        name="act-profile"
        input={input}
        interactive={!guest}
        render={(kept) => <ProfilePage {...kept} />}
      />
      <script type="module" src={enhanceScript} />
      {chatWidgetSrc && <script async src={chatWidgetSrc} data-testid="live-chat-widget" />}
    </>
  );
}

/** A guest's page: the component's own render, which reads only its data (a GET has no action's answer). */
export const guestPage: GuestPage<Route.ComponentProps["loaderData"]> = (data) => (
  <ProfileBody loaderData={data} actionData={undefined} />
);
