import type { AppLoadContext } from "react-router";
import { profileAbilities } from "#modules/acts/profile-abilities";
import { actPageSeo } from "#modules/seo/seo";
import { reviewableEvents } from "#modules/content/server";
import { isFreeOn } from "#modules/availability/server";
import { keptPlannerThreadsWithAct } from "#modules/conversations/server";
import { isCalendarDate } from "#domain/calendar-days";
import { fileUrl } from "#server/storage/file-storage";
import { declaredRead } from "#server/cache/read-tracking";
import { packJson } from "../lib/packed-json";
import { visibleProfilePageOr404 } from "#modules/acts/server/pages";

/** The profile page's data: the act as this viewer may see it, its SEO and what the viewer may do. */
export async function loadActProfilePage(context: AppLoadContext, actUrl: string, url: URL) {
  const { profile, curatedSeo: curated, actId } = await visibleProfilePageOr404(context, actUrl);
  // "Check availability" without JavaScript: the form asks this page for `?date=`.
  const date = url.searchParams.get("date");
  // Bookings, blocks and busy days notify their act (migration 0036): the page still shows this act only.
  const availability =
    date && isCalendarDate(date)
      ? { date, free: await isFreeOn(declaredRead(context.db, [`act:${profile.url}`]), actId, date) }
      : null;
  const viewer = context.viewer
    ? { id: context.viewer.id, role: context.viewer.role, name: context.viewer.name, url: context.viewer.url }
    : null;
  // The profile read above already found the act and checked this viewer may see it.
  const reviewEvents =
    context.viewer?.role === "PLANNER" ? reviewableEvents(await context.unreviewedBookings(), actId) : [];
  const abilities = profileAbilities(viewer, profile, reviewEvents.length);
  const [shortlisted, threads] = abilities.invite
    ? await Promise.all([
        context.shortlisted().then((saved) => saved.includes(profile.url)),
        keptPlannerThreadsWithAct({ db: context.db, cache: context.readCache }, context.viewer!.id, actId),
      ])
    : [false, []];
  const { appName, publicUrl } = context.config;
  return {
    // The page's largest value, sent as one string (app/lib/packed-json.ts).
    profile: packJson(profile),
    viewer,
    reviewEvents,
    shortlisted,
    threads: threads.map(({ id, event }) => ({ id, event })),
    availability,
    abilities,
    appName,
    seo: actPageSeo(appName, profile, curated),
    canonicalUrl: `${publicUrl}/entertainment/${profile.url}`,
    avatarUrl: profile.avatar ? `${publicUrl}${fileUrl(profile.avatar)}` : null,
    chatWidgetSrc: abilities.liveChat ? context.config.chatWidgetSrc : null,
    enhanceScript: context.config.enhanceScripts.profile,
  };
}
