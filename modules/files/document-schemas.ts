import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { requiredLine, text } from "#domain/schemas/fields";

export const DOCUMENT_REQUIRED = "Document is required";

export const documentSchema = z.object({
  title: requiredLine(LIMITS.title, "Title is required"),
  path: text({ error: DOCUMENT_REQUIRED }).trim().min(1, DOCUMENT_REQUIRED).max(1024, DOCUMENT_REQUIRED),
  is_public: z.boolean({ error: "Must be true or false" }).default(false),
});
export type DocumentInput = z.infer<typeof documentSchema>;
