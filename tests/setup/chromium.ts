import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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
  return { executablePath: unpackedChromium(), source: "@sparticuz/chromium" };
}

/**
 * The Chromium inside @sparticuz/chromium, unpacked into a folder of this version's own. The
 * package unpacks into the temporary folder and then reuses whatever Chromium it finds there,
 * even one that another version of the package unpacked (143 stayed in use after the move to
 * 153), so a child process unpacks it with TMPDIR pointing at the version's folder.
 */
function unpackedChromium(): string {
  const { version } = JSON.parse(
    readFileSync(new URL("../../node_modules/@sparticuz/chromium/package.json", import.meta.url), "utf8"),
  ) as { version: string };
  const folder = join(tmpdir(), `sparticuz-chromium-${version}`);
  mkdirSync(folder, { recursive: true });
  const unpack =
    'const { default: chromium } = await import("@sparticuz/chromium"); process.stdout.write(await chromium.executablePath());';
  return execFileSync(process.execPath, ["--input-type=module", "-e", unpack], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: { ...process.env, TMPDIR: folder },
    encoding: "utf8",
  }).trim();
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
