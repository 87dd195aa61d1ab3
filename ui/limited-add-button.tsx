import { type ReactNode, useId } from "react";
import { Button } from "./button";
import { Tooltip } from "./tooltip";

/**
 * The add control while there is room; at the limit, the same label disabled, with the limit's
 * tooltip and the same words beside it, since a hover tip on a disabled control is missed by
 * touch, by many screen readers and by anyone who does not think to hover.
 */
export function LimitedAddButton({
  full,
  label,
  tooltip,
  children,
}: {
  full: boolean;
  label: string;
  tooltip: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  if (!full) return <>{children}</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Tooltip content={tooltip}>
        <Button variant="secondary" disabled aria-describedby={reasonId}>
          {label}
        </Button>
      </Tooltip>
      <span id={reasonId} className="text-sm text-gray-700">
        {tooltip}
      </span>
    </span>
  );
}
