// PhotoSwipe's stylesheet, added to the page the first time the lightbox opens.
import css from "photoswipe/style.css?inline";

export function ensureStyles() {
  if (document.getElementById("photoswipe-css")) return;
  const style = document.createElement("style");
  style.id = "photoswipe-css";
  style.textContent = css;
  document.head.append(style);
}
