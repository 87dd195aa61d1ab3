export { InsightCharts } from "./insight-charts";
