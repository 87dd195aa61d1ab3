import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("search", "routes/search.tsx"),
  route("logout", "routes/logout.tsx"),
  route("entertainment/:actUrl", "routes/entertainment.$actUrl.tsx"),
  route("entertainment/update/:actUrl", "routes/entertainment.update.$actUrl.tsx"),
  route("acts/new", "routes/acts.new.tsx"),
  route("events", "routes/events.tsx"),
  route("events/add-event", "routes/events.add-event.tsx"),
  route("invites", "routes/invites.tsx"),
  route("documents", "routes/documents.tsx"),
  route("my-acts", "routes/my-acts.tsx"),
  route("hire/:category/:city", "routes/hire.$category.$city.tsx"),
  route("guides", "routes/guides.tsx"),
  route("guides/:slug", "routes/guides.$slug.tsx"),
  route("admin/acts", "routes/admin.acts.tsx"),
  route("admin/tag-requests", "routes/admin.tag-requests.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
