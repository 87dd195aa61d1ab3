import { integer, timestamp } from "drizzle-orm/pg-core";

/** The columns every module's tables share: when a row was made and changed, and its identity. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
