// Every table of the product: the platform's and each module's, for the demo data and the tests that
// look at all of them (drizzle.config.ts reads the same files for migrations).
export * from "#server/db/schema";
export * from "#modules/accounts/server/tables";
export * from "#modules/acts/server/tables";
export * from "#modules/availability/server/tables";
export * from "#modules/bookings/server/tables";
export * from "#modules/content/server/tables";
export * from "#modules/conversations/server/tables";
export * from "#modules/discovery/server/tables";
export * from "#modules/files/server/tables";
export * from "#modules/moderation/server/tables";
export * from "#modules/notifications/server/tables";
export * from "#modules/seo/server/tables";
export * from "#modules/insights/server/tables";
