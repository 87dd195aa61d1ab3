import { type Me, meSchema } from "#modules/accounts/answers";
import { unauthenticated } from "#server/errors";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";

const getMe = apiRoute(
  {
    method: "get",
    path: "/me",
    tags: ["Accounts"],
    summary: "The signed-in user",
    responses: { 200: dataResponse("The signed-in user", meSchema) },
  },
  { who: "Any signed-in user", session: "required", forbids: false },
);

export const meRoutes = createRouter().openapi(getMe, (c) => {
  const viewer = c.get("viewer");
  if (!viewer) throw unauthenticated();
  const { id, url, name, email, role } = viewer;
  const me: Me = { id, url, name, email, role };
  return c.json({ data: me }, 200);
});
