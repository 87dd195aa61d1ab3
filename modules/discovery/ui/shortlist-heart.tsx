import { Heart } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { api, outcome } from "#ui/lib/api-client";

/**
 * A planner's heart on a card or a profile: saves the act to their shortlist, or takes it off.
 * A toggle button (aria-pressed), its state said by a filled heart and the word "Saved", not by
 * colour alone.
 */
export function ShortlistHeart({
  actUrl,
  actName,
  saved: savedBefore,
}: {
  actUrl: string;
  actName: string;
  saved: boolean;
}) {
  const [saved, setSaved] = useState(savedBefore);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    const path = saved ? "/shortlist/remove/{actUrl}" : "/shortlist/add/{actUrl}";
    const result = await outcome(api.POST(path, { params: { path: { actUrl } } }));
    setPending(false);
    if (result.ok) setSaved(!saved);
    else toast.error(result.error?.message ?? "Could not change your shortlist. Please try again.");
  }
  return (
    <button
      type="button"
      aria-pressed={saved}
      disabled={pending}
      onClick={() => void toggle()}
      className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-rose-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <Heart aria-hidden className={`h-4 w-4 ${saved ? "fill-rose-600 text-rose-700" : "text-gray-700"}`} />
      {saved ? "Saved" : "Save"}
      <span className="sr-only"> {actName} to your shortlist</span>
    </button>
  );
}
