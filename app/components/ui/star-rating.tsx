import { Star } from "lucide-react";
import { clampRating } from "../../../domain/ratings";

/** Stars for a rating, read by screen readers as "4.5 out of 5 stars". */
export function StarRating({ value, size = "md" }: { value: number; size?: "sm" | "md" }) {
  const rating = clampRating(value);
  const px = size === "sm" ? "h-4 w-4" : "h-5 w-5";
  return (
    <span role="img" aria-label={`${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = Math.max(0, Math.min(1, rating - star + 1));
        return (
          <span key={star} className={`relative ${px}`} aria-hidden>
            <Star className={`absolute inset-0 ${px} text-gray-300`} fill="currentColor" strokeWidth={0} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className={`${px} text-amber-500`} fill="currentColor" strokeWidth={0} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
