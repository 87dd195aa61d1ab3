// Runs the card adapter's test against Stripe's own test mode: STRIPE_TEST_SECRET_KEY=sk_test_… npm run test:stripe
import { spawnSync } from "node:child_process";

if (!/^sk_test_/.test(process.env.STRIPE_TEST_SECRET_KEY ?? "")) {
  process.stderr.write("Set STRIPE_TEST_SECRET_KEY to a Stripe test-mode secret key (sk_test_…) first.\n");
  process.exit(2);
}
const run = spawnSync(
  "npx",
  ["vitest", "run", "--project", "api-pglite", "modules/bookings/server/api/card-payments.stripe.test.ts"],
  { stdio: "inherit" },
);
process.exit(run.status ?? 1);
