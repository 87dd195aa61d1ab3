import { z } from "zod";
import { pendingTagRequestSchema } from "../acts/act-profile";
import { TAG_REQUEST_STATUSES } from "#domain/tags";

export const tagUpdateRequestSchema = pendingTagRequestSchema.extend({ status: z.enum(TAG_REQUEST_STATUSES) }).meta({
  id: "TagUpdateRequest",
  description: "An artist's request to change the act's tags, waiting for an admin",
  example: {
    id: 3,
    status: "pending",
    musical: true,
    created_at: "2026-11-20T10:00:00.000Z",
    tags: [{ id: 5, name: "Funk", type: "Genre", relation: "genres" }],
  },
});
export type TagUpdateRequest = z.infer<typeof tagUpdateRequestSchema>;
