// What insights hands the platform when the product starts (start/): the counter, its routes and the CSV.
export { createActivityCounter } from "./activity-counter";
export type { ActivityCounter } from "./activity-counter";
export { insightsRoutes } from "./api/insights";
export { INSIGHTS_CSV_PATH, insightsCsvRoutes } from "./insights-csv";
