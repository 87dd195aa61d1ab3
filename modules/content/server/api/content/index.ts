import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { offeringSchema } from "#modules/content/offering-schemas";
import { reorderSchema } from "#modules/content/reorder-schemas";
import { testimonialSchema } from "#modules/content/testimonial-schemas";
import {
  createPackage,
  editPackage,
  findLivePackage,
  orderPackages,
  softDeletePackage,
} from "#modules/content/server/packages";
import {
  addTestimonial,
  deleteTestimonial,
  editTestimonial,
  findTestimonial,
  orderTestimonials,
} from "#modules/content/server/testimonials";
import { onItem, requireViewer, roles } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter, idParam as pathId } from "#server/api/router";

const idParam = pathId("id");
const packageParams = actUrlParam.extend(pathId("packageId").shape);
const ownsTestimonial = onItem("id", findTestimonial);
const ownsPackage = onItem("id", findLivePackage);
/** The order's ids name the act, so only the role is known before the body is read. */
const reorders = roles("ARTIST", "ADMIN");
const noParams = z.object({});
const WRITE_ERRORS = [400, 401, 403, 404, 422];
/** An act holds at most so many testimonials and offerings (409 beyond). */
const CREATE_ERRORS = [...WRITE_ERRORS, 409];

/** Testimonials and offerings: the act's artist or an admin. */
export const contentRoutes = createRouter()
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/testimonials/add-testimonial/{actUrl}",
        result: createdResultSchema,
        tags: ["Testimonials"],
        summary: "Add a testimonial (an act holds at most 50)",
        params: actUrlParam,
        body: testimonialSchema,
        errors: CREATE_ERRORS,
      }),
      (deps, c) => addTestimonial(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: ownsTestimonial,
        path: "/testimonials/edit-testimonial/{id}",
        result: messageResultSchema,
        tags: ["Testimonials"],
        summary: "Edit a testimonial",
        params: idParam,
        body: testimonialSchema,
        errors: WRITE_ERRORS,
      }),
      (deps, c) => editTestimonial(deps.db, deps.viewer, c.req.valid("param").id, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: ownsTestimonial,
        path: "/testimonials/delete-testimonial/{id}",
        result: messageResultSchema,
        tags: ["Testimonials"],
        summary: "Delete a testimonial",
        params: idParam,
        errors: [401, 403, 404],
      }),
      (deps, c) => deleteTestimonial(deps.db, deps.viewer, c.req.valid("param").id),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: reorders,
        path: "/testimonials/order-testimonial",
        result: messageResultSchema,
        tags: ["Testimonials"],
        summary: "Save the order of all of an act's testimonials (ranks from 1)",
        params: noParams,
        body: reorderSchema,
        errors: WRITE_ERRORS,
      }),
      (deps, c) => orderTestimonials(deps.db, deps.viewer, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/packages/create/{actUrl}",
        result: createdResultSchema,
        tags: ["Offerings"],
        summary: "Add an offering (an act holds at most 30)",
        params: actUrlParam,
        body: offeringSchema,
        errors: CREATE_ERRORS,
      }),
      (deps, c) => createPackage(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    actionRouteWithBody({
      guard: onAct(),
      path: "/packages/edit-package/{actUrl}/{packageId}",
      result: messageResultSchema,
      tags: ["Offerings"],
      summary: "Edit an offering",
      params: packageParams,
      body: offeringSchema,
      errors: WRITE_ERRORS,
    }),
    async (c) => {
      const { actUrl, packageId } = c.req.valid("param");
      return c.json(
        { data: await editPackage(c.get("db"), requireViewer(c), actUrl, packageId, c.req.valid("json")) },
        200,
      );
    },
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: ownsPackage,
        path: "/packages/soft-delete/{id}",
        result: messageResultSchema,
        tags: ["Offerings"],
        summary: "Delete an offering (kept as a record)",
        params: idParam,
        errors: [401, 403, 404],
      }),
      (deps, c) => softDeletePackage(deps.db, deps.viewer, c.req.valid("param").id),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: reorders,
        path: "/packages/order-package",
        result: messageResultSchema,
        tags: ["Offerings"],
        summary: "Save the order of all of an act's offerings (ranks from 1)",
        params: noParams,
        body: reorderSchema,
        errors: WRITE_ERRORS,
      }),
      (deps, c) => orderPackages(deps.db, deps.viewer, c.req.valid("json")),
    ),
  );
