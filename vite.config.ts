import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { importAliases } from "./scripts/import-aliases";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: importAliases },
});
