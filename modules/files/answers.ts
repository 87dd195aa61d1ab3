import { z } from "zod";

/** Where a document stands with the admins. */
export const DOCUMENT_APPROVALS = ["pending", "approved", "declined"] as const;

export const documentSchema = z
  .object({
    id: z.number().int(),
    act: z.object({ url: z.string(), name: z.string() }),
    title: z.string(),
    file_path: z
      .string()
      .describe(
        "Served at /files/{file_path} to the act's manager and admins, and to everyone once approved and public",
      ),
    file_path_raw: z.string().describe("The file's name as uploaded"),
    type: z.string().describe("What kind of file it is, as people read it"),
    is_public: z.boolean(),
    approval: z.enum(DOCUMENT_APPROVALS),
    created_at: z.iso.datetime(),
  })
  .meta({
    id: "Document",
    description: "A document of an act, as its manager and admins see it on the documents page",
    example: {
      id: 1,
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      title: "Stage Plot",
      file_path: "documents/c1046d32-c640-40e5-8080-e19c932e5550.pdf",
      file_path_raw: "stage-plot.pdf",
      type: "PDF Document",
      is_public: true,
      approval: "approved",
      created_at: "2026-11-24T11:11:34.104Z",
    },
  });
export type ActDocument = z.infer<typeof documentSchema>;
