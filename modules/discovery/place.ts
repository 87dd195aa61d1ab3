import { z } from "zod";

/** A place as the API gives it: a US city of the offline gazetteer. */
export const placeSchema = z
  .object({
    label: z.string(),
    name: z.string(),
    region: z.string().describe("The state's two-letter code"),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({
    id: "Place",
    description: "A US city of the offline gazetteer, written City, ST",
    example: { label: "Austin, TX", name: "Austin", region: "TX", lat: 30.26715, lng: -97.74306 },
  });
export type Place = z.infer<typeof placeSchema>;
