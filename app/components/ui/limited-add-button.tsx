import type { ReactNode } from "react";
import { Button } from "./button";
import { Tooltip } from "./tooltip";

/** The add control while there is room; at the limit, the same label disabled, with the limit's tooltip. */
export function LimitedAddButton({ full, label, tooltip, children }: { full: boolean; label: string; tooltip: string; children: ReactNode }) {
  if (!full) return <>{children}</>;
  return (
    <Tooltip content={tooltip}>
      <Button variant="secondary" disabled>
        {label}
      </Button>
    </Tooltip>
  );
}
