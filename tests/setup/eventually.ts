/**
 * Waits up to 3 s for a condition: for what another connection hears through PostgreSQL's
 * notifications, which arrive a moment after the commit.
 */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not met within 3 s");
}
