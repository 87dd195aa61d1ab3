import { z } from "zod";
import { pendingTagRequestSchema } from "../act-profile";
import { TAG_REQUEST_STATUSES } from "../tags";

export const tagUpdateRequestSchema = pendingTagRequestSchema
  .extend({ status: z.enum(TAG_REQUEST_STATUSES) })
  .meta({ id: "TagUpdateRequest", description: "An artist's request to change the act's tags, waiting for an admin" });
export type TagUpdateRequest = z.infer<typeof tagUpdateRequestSchema>;
