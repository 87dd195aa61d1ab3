import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

/** A tooltip on hover and keyboard focus; the trigger must itself be focusable. */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content sideOffset={6} className="z-50 max-w-xs rounded bg-gray-900 px-2 py-1 text-xs text-white shadow">
            {content}
            <RadixTooltip.Arrow className="fill-gray-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
