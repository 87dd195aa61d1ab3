// A stylesheet imported as text: Vite's `?inline` in development, esbuild's text loader in the build.
declare module "*.css?inline" {
  const css: string;
  export default css;
}
