import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server";

const dataDir = mkdtempSync(join(tmpdir(), "eva-scripts-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function npmRun(script: string, args: string[], input = "") {
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("operator scripts", () => {
  it("create-admin reads the password from standard input and checks it", () => {
    const weak = npmRun("create-admin", ["--email", "boss@example.com", "--name", "Big Boss"], "short\n");
    expect(weak.status).toBe(1);
    expect(weak.out).toContain("password: Must be at least 10 characters");
    const common = npmRun("create-admin", ["--email", "boss@example.com", "--name", "Big Boss"], "password123\n");
    expect(common.status).toBe(1);
    expect(common.out).toContain("password: This password is too common");
    const made = npmRun("create-admin", ["--email", "boss@example.com", "--name", "Big Boss"], "a-strong-password\n");
    expect(made.status).toBe(0);
    expect(made.out).toContain("Created admin boss@example.com.");
    expect(
      npmRun("create-admin", ["--email", "boss@example.com", "--name", "Again"], "a-strong-password\n").status,
    ).toBe(1);
    expect(npmRun("create-admin", [], "").status).toBe(2);
  });

  it("seed loads the demo data only into an empty database", () => {
    const refused = npmRun("seed", []);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("already has accounts");
  });

  it("the server on that database signs the new admin in as ADMIN, with no demo data", async () => {
    const app = await startAppServer({ DATA_DIR: dataDir });
    try {
      const signIn = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.baseUrl },
        body: JSON.stringify({ email: "boss@example.com", password: "a-strong-password" }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
      const me = (await (await fetch(`${app.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
        data: { role: string };
      };
      expect(me.data.role).toBe("ADMIN");
      expect((await fetch(`${app.baseUrl}/api/acts/the-velvet-tones`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  it("a bad environment value stops the server with a clear message", () => {
    const result = spawnSync(process.execPath, ["dist/server.js"], {
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, PORT: "eighty", DATABASE_URL: "mysql://nope", APP_NAME: "" },
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment:");
    expect(result.stderr).toMatch(/PORT: .+/);
    expect(result.stderr).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
  });
});
