import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page against WCAG 2.1 A and AA and returns what it finds. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does
  // not govern; a <script> tag added to the page would be refused by it, as it should be.
  await page.evaluate(axeSource);
  // A toast fading in is half transparent for a moment, and axe would read its text as too faint.
  // The page is asked for reduced motion (toasts and dialogs then appear at once), given two frames
  // to start what it starts, and every animation and transition that ends is let end (a spinner's,
  // which never ends, is not waited for).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // A toast (sonner) between mounting and showing, or leaving and unmounting, is transparent on
  // the page for a moment whatever the motion: wait until none is.
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-sonner-toast][data-removed="true"], [data-sonner-toast][data-mounted="false"]'),
    undefined,
    { timeout: 5_000 },
  );
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  return page.evaluate(async () => {
    // axe is the global the injected script defines; it has no types in the page.
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  });
}
