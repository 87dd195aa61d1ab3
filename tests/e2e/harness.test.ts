import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

function processesWith(variable: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(variable);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("the browser-test harness", () => {
  it("stops every process it started when tests fail, a browser that cannot start among them", () => {
    const tag = `EVA_HARNESS_CHECK=${randomUUID()}`;
    const [name, value] = tag.split("=") as [string, string];
    const run = spawnSync(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/fixtures/vitest.left-running.config.ts"],
      {
        encoding: "utf8",
        env: { ...process.env, [name]: value, CHROMIUM_PATH: "/bin/false" },
        timeout: 120_000,
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toContain("failed on purpose");
    expect(processesWith(tag)).toEqual([]);
  });
});
