import { type ActProfile, actProfileSchema } from "#modules/acts/act-profile";
import { getActProfile } from "../acts";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { actUrlParam, createRouter } from "#server/api/router";

const getAct = apiRoute(
  {
    method: "get",
    path: "/acts/{actUrl}",
    tags: ["Acts"],
    summary: "An act's profile data",
    request: { params: actUrlParam },
    responses: {
      200: dataResponse("The act", actProfileSchema),
    },
  },
  {
    who: "Anyone for an approved act; an act that is not approved only its artist and admins (others get 404)",
    session: "optional",
    forbids: false,
  },
);

export const actRoutes = createRouter().openapi(getAct, async (c) => {
  const profile: ActProfile = await getActProfile(
    c.get("db"),
    c.req.valid("param").actUrl,
    c.get("viewer"),
    c.get("readCache"),
  );
  return c.json({ data: profile }, 200);
});
