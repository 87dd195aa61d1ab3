import { useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import { MESSAGES } from "#domain/messages";
import type { ActionResult } from "./api-client";

export function useAppName(): string {
  return useRouteLoaderData<{ appName: string }>("root")?.appName ?? "EVA";
}

/**
 * Runs a call, then on success shows its message and reloads the page's data (the spec's
 * "page reloads"); on failure shows the server's text or the spec's generic one.
 */
export function useAction() {
  const revalidator = useRevalidator();
  const appName = useAppName();
  const [pending, setPending] = useState(false);
  async function run<T extends { message?: string }>(
    call: () => Promise<ActionResult<T>>,
    options: {
      success?: (data: T) => string | null;
      duration?: number;
      /** Failures of confirmed destructive actions are not shown: the item is gone either way, or comes back on reload. */
      quietFailure?: boolean;
    } = {},
  ): Promise<ActionResult<T>> {
    setPending(true);
    try {
      const result = await call();
      if (result.ok) {
        const text = options.success ? options.success(result.data) : (result.data.message ?? null);
        if (text) toast.success(text, { duration: options.duration });
        await revalidator.revalidate();
      } else if (!result.error?.errors && !options.quietFailure) {
        const text = result.error?.message ?? MESSAGES.genericFormFailure(appName);
        toast.error(text, { duration: options.duration });
      }
      return result;
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}
