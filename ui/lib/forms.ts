import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * A react-hook-form resolver from a domain schema. The form's values are the schema's input
 * as the fields hold it (empty strings, not nulls), which zod's inferred types do not spell,
 * hence the one cast here.
 */
export function schemaResolver<Values extends FieldValues>(schema: ZodType): Resolver<Values> {
  return zodResolver(schema as never) as unknown as Resolver<Values>;
}
