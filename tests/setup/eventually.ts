/** How long a condition may take: an idle machine needs milliseconds, a loaded one seconds. */
const PATIENCE_MS = 15_000;

/**
 * Waits for a condition: for what another connection hears through PostgreSQL's notifications,
 * which arrive a moment after the commit, or what a worker delivers.
 */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`condition not met within ${PATIENCE_MS / 1000} s`);
}
