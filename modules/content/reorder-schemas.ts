import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { idSchema } from "#domain/schemas/fields";

/**
 * A reorder call: every item once, ranks 1..n with no gaps or repeats.
 * The server also checks the ids are exactly the act's list.
 */
export const reorderSchema = z.object({
  order: z
    .array(z.object({ id: idSchema, rank: z.number().int().min(LIMITS.reorderFirstRank) }), {
      error: "Order is required",
    })
    .min(1, "Order is required")
    .max(1000, "Too many items")
    .superRefine((items, ctx) => {
      const ids = new Set(items.map((item) => item.id));
      const ranks = new Set(items.map((item) => item.rank));
      if (ids.size !== items.length) ctx.addIssue({ code: "custom", message: "Each item may appear once" });
      const expected = items.map((_, index) => index + LIMITS.reorderFirstRank);
      if (ranks.size !== items.length || !expected.every((rank) => ranks.has(rank))) {
        ctx.addIssue({ code: "custom", message: `Ranks must run from ${LIMITS.reorderFirstRank} without gaps` });
      }
    }),
});
export type ReorderInput = z.infer<typeof reorderSchema>;
