import type { ReactNode } from "react";

export type BadgeColor = "gray" | "green" | "red" | "yellow" | "brand" | "blue";

const COLORS: Record<BadgeColor, string> = {
  gray: "bg-gray-100 text-gray-800 ring-gray-300",
  green: "bg-green-100 text-green-900 ring-green-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  brand: "bg-brand-100 text-brand-900 ring-brand-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
};

/** A label whose text carries the meaning; the colour only repeats it. */
export function Badge({
  color,
  children,
  ...rest
}: { color: BadgeColor; children: ReactNode } & React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLORS[color]}`}
      {...rest}
    >
      {children}
    </span>
  );
}
