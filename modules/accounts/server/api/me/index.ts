import { eq } from "drizzle-orm";
import { type Me, meSchema } from "#modules/accounts/answers";
import { phoneSchema } from "#modules/accounts/schemas";
import { messageResultSchema } from "#domain/resources/results";
import { users } from "#modules/accounts/server/tables";
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

const setPhone = apiRoute(
  {
    method: "post",
    path: "/me/phone",
    tags: ["Accounts"],
    summary: "Set the account's phone for the day of an event (an empty one clears it)",
    description:
      "An act's manager's phone is the act's day-of contact on its bookings (`contacts.act.phone`); a planner's is used where a booking gives none.",
    request: { body: { content: { "application/json": { schema: phoneSchema } }, required: true } },
    responses: { 200: dataResponse("Saved", messageResultSchema) },
  },
  { who: "Any signed-in user", session: "required", forbids: false },
);

export const meRoutes = createRouter()
  .openapi(getMe, (c) => {
    const viewer = c.get("viewer");
    if (!viewer) throw unauthenticated();
    const { id, url, name, email, role } = viewer;
    const me: Me = { id, url, name, email, role };
    return c.json({ data: me }, 200);
  })
  .openapi(setPhone, async (c) => {
    const viewer = c.get("viewer");
    if (!viewer) throw unauthenticated();
    const phone = c.req.valid("json").phone || null;
    await c.get("db").update(users).set({ phone }).where(eq(users.id, viewer.id));
    return c.json({ data: { message: phone ? "Phone saved" : "Phone removed" } }, 200);
  });
