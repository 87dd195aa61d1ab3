import { z } from "zod";
import { ROLES } from "#domain/roles";

export const meSchema = z
  .object({ id: z.string(), url: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) })
  .meta({
    id: "Me",
    description: "The signed-in user",
    example: {
      id: "c8b55feb-b70a-49df-88e5-e3e6bcfd35c4",
      url: "planner",
      name: "Pat Planner",
      email: "planner@example.com",
      role: "PLANNER",
    },
  });
export type Me = z.infer<typeof meSchema>;

export const artistAccountSchema = z.object({ url: z.string(), name: z.string(), email: z.string() }).meta({
  id: "ArtistAccount",
  description: "An account with the ARTIST role, for Reassign",
  example: { url: "artist", name: "Riley Artist", email: "artist@example.com" },
});
export type ArtistAccount = z.infer<typeof artistAccountSchema>;

export const uploadSchema = z
  .object({
    path: z.string().describe("The stored file's path, which images/create, documents/create and acts/update take"),
    mime: z.string().describe("The type judged from the file's content"),
    name: z.string().describe("The file's name as uploaded"),
  })
  .meta({
    id: "Upload",
    description: "A stored upload",
    example: { path: "images/0b8f2c1e-5d1a-4d6b-9a51-2f6a1c3d7e90.jpg", mime: "image/jpeg", name: "stage.jpg" },
  });
export type Upload = z.infer<typeof uploadSchema>;

/** An admin's marks on an artist's account: payouts wait for both (the W-9 form and the bank details received). */
export const payoutMarksSchema = z
  .object({
    w9_received: z.boolean({ error: "Must be true or false" }),
    direct_deposit_received: z.boolean({ error: "Must be true or false" }),
  })
  .meta({
    id: "PayoutMarks",
    description: "Whether the artist's W-9 and direct-deposit details were received",
    example: { w9_received: true, direct_deposit_received: false },
  });
export type PayoutMarks = z.infer<typeof payoutMarksSchema>;
