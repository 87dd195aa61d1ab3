import { createRoute, z } from "@hono/zod-openapi";
import { offeringSchema } from "../../../domain/schemas/offering";
import { reorderSchema } from "../../../domain/schemas/reorder";
import { testimonialSchema } from "../../../domain/schemas/testimonial";
import { createPackage, editPackage, orderPackages, softDeletePackage } from "../../services/packages";
import { addTestimonial, deleteTestimonial, editTestimonial, orderTestimonials } from "../../services/testimonials";
import { requireViewer } from "../guards";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "../router";

const idParam = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" } }) });
const packageParams = actUrlParam.extend({ packageId: z.coerce.number().int().positive().openapi({ param: { name: "packageId", in: "path" } }) });
const noParams = z.object({});
const WRITE_ERRORS = [400, 401, 403, 404, 422];

/** Testimonials and offerings: the act's artist or an admin. */
export const contentRoutes = createRouter()
  .openapi(createRoute(actionRouteWithBody({ path: "/testimonials/add-testimonial/{actUrl}", tags: ["Testimonials"], summary: "Add a testimonial", params: actUrlParam, body: testimonialSchema, errors: WRITE_ERRORS })), async (c) =>
    c.json({ data: await addTestimonial(c.get("db"), requireViewer(c), c.req.valid("param").actUrl, c.req.valid("json")) }, 200),
  )
  .openapi(createRoute(actionRouteWithBody({ path: "/testimonials/edit-testimonial/{id}", tags: ["Testimonials"], summary: "Edit a testimonial", params: idParam, body: testimonialSchema, errors: WRITE_ERRORS })), async (c) =>
    c.json({ data: await editTestimonial(c.get("db"), requireViewer(c), c.req.valid("param").id as number, c.req.valid("json")) }, 200),
  )
  .openapi(createRoute(actionRoute({ path: "/testimonials/delete-testimonial/{id}", tags: ["Testimonials"], summary: "Delete a testimonial", params: idParam, errors: [401, 403, 404] })), async (c) =>
    c.json({ data: await deleteTestimonial(c.get("db"), requireViewer(c), c.req.valid("param").id as number) }, 200),
  )
  .openapi(createRoute(actionRouteWithBody({ path: "/testimonials/order-testimonial", tags: ["Testimonials"], summary: "Save the order of all of an act's testimonials (ranks from 1)", params: noParams, body: reorderSchema, errors: WRITE_ERRORS })), async (c) =>
    c.json({ data: await orderTestimonials(c.get("db"), requireViewer(c), c.req.valid("json")) }, 200),
  )
  .openapi(createRoute(actionRouteWithBody({ path: "/packages/create/{actUrl}", tags: ["Offerings"], summary: "Add an offering", params: actUrlParam, body: offeringSchema, errors: WRITE_ERRORS })), async (c) =>
    c.json({ data: await createPackage(c.get("db"), requireViewer(c), c.req.valid("param").actUrl, c.req.valid("json")) }, 200),
  )
  .openapi(createRoute(actionRouteWithBody({ path: "/packages/edit-package/{actUrl}/{packageId}", tags: ["Offerings"], summary: "Edit an offering", params: packageParams, body: offeringSchema, errors: WRITE_ERRORS })), async (c) => {
    const { actUrl, packageId } = c.req.valid("param");
    return c.json({ data: await editPackage(c.get("db"), requireViewer(c), actUrl, packageId as number, c.req.valid("json")) }, 200);
  })
  .openapi(createRoute(actionRoute({ path: "/packages/soft-delete/{id}", tags: ["Offerings"], summary: "Delete an offering (kept as a record)", params: idParam, errors: [401, 403, 404] })), async (c) =>
    c.json({ data: await softDeletePackage(c.get("db"), requireViewer(c), c.req.valid("param").id as number) }, 200),
  )
  .openapi(createRoute(actionRouteWithBody({ path: "/packages/order-package", tags: ["Offerings"], summary: "Save the order of all of an act's offerings (ranks from 1)", params: noParams, body: reorderSchema, errors: WRITE_ERRORS })), async (c) =>
    c.json({ data: await orderPackages(c.get("db"), requireViewer(c), c.req.valid("json")) }, 200),
  );
