import { clampRating } from "#domain/ratings";

/**
 * Stars for a rating, read by screen readers as "4.5 out of 5 stars". Drawn with text so a
 * page of reviews stays small: a grey row of five stars under a gold row cut to the rating.
 */
export function StarRating({ value, size = "md" }: { value: number; size?: "sm" | "md" }) {
  const rating = clampRating(value);
  const label = `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return (
    <span
      role="img"
      aria-label={label}
      className={`relative inline-block leading-none tracking-tight ${size === "sm" ? "text-base" : "text-xl"}`}
    >
      <span aria-hidden className="text-gray-300">
        ★★★★★
      </span>
      <span
        aria-hidden
        className="absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap text-amber-500"
        style={{ width: `${(rating / 5) * 100}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}
