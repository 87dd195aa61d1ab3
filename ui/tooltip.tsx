import { useId, type ReactNode } from "react";

/**
 * A tooltip shown on hover and on keyboard focus, in CSS alone so it works before (or
 * without) hydration. The trigger is focusable and described by the tip.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the trigger to read its tooltip, as a pointer's hover does.
    <span className="group relative inline-flex" tabIndex={0} aria-describedby={id}>
      {children}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-50 mb-2 w-max max-w-xs -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-xs font-normal text-white opacity-0 shadow transition group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100"
      >
        {content}
      </span>
    </span>
  );
}
