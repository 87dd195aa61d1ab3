import { accessSync, constants } from "node:fs";

/** Debian's, Ubuntu's and Google's names for a Chromium installed on the machine. */
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface ChromiumChoice {
  executablePath: string;
  /** Where it came from, for the test log. */
  source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
}

/**
 * A Chromium for the browser tests, so that `npm install && npm test` needs nothing else:
 * CHROMIUM_PATH when set, else one installed on the machine, else the headless Chromium
 * that @sparticuz/chromium ships inside its npm package (unpacked once to /tmp/chromium).
 */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM_PATH) {
    if (!executable(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`);
    return { executablePath: env.CHROMIUM_PATH, source: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_CHROMIUMS.find(executable);
  if (system) return { executablePath: system, source: "system" };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { executablePath: await packaged.executablePath(), source: "@sparticuz/chromium" };
}

/**
 * Flags for headless tests. Of @sparticuz/chromium's own flags we keep only those its build
 * needs to draw without a GPU; not the ones that turn off web security, which our tests of
 * the Content-Security-Policy and the origin checks depend on.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--no-zygote",
  "--disable-gpu",
  "--use-gl=angle",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--font-render-hinting=none",
];
