// The enhancement bundle imports stylesheets as text (esbuild's "text" loader).
declare module "photoswipe/style.css" {
  const css: string;
  export default css;
}
