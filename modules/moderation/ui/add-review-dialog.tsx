import { useState } from "react";
import { fieldMessagesText } from "#domain/api-error";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { LIMITS } from "#domain/limits";
import { adminReviewSchema, plannerReviewSchema } from "#modules/content/review-schemas";
import { Star } from "lucide-react";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions, TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { schemaResolver } from "#ui/lib/forms";
import { useAction } from "#ui/lib/use-action";

interface ReviewFormValues {
  rating?: number;
  title: string;
  body: string;
  reviewer_name?: string;
  reason?: string;
  event_url?: string;
  allow_reviewer_name?: boolean;
}

/** Add Review: admins name the reviewer; planners pick one of their eligible events. */
export function AddReviewDialog({
  actUrl,
  as,
  events,
}: {
  actUrl: string;
  as: "admin" | "planner";
  events: { url: string; name: string }[];
}) {
  // "Leave a review" on My Events opens the page with ?review=<event>: the dialog opens on that event.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("review");
  const prompted = as === "planner" && events.some((event) => event.url === asked) ? asked! : "";
  const [open, setOpen] = useState(prompted !== "");
  const { run, pending } = useAction();
  const schema = as === "admin" ? adminReviewSchema : plannerReviewSchema;
  const form = useForm<ReviewFormValues>({
    // One form for both roles; the role's schema checks it.
    resolver: schemaResolver<ReviewFormValues>(schema),
    defaultValues: {
      title: "",
      body: "",
      reviewer_name: "",
      reason: "",
      event_url: prompted,
      allow_reviewer_name: true,
    },
  });
  const { errors } = form.formState;
  const message = (field: keyof ReviewFormValues) =>
    errors[field]?.message ? [String(errors[field]?.message)] : undefined;
  const rating = form.watch("rating");

  const submit = form.handleSubmit(async (values) => {
    // The resolver has checked the values with the role's schema; parsing again gives its typed output.
    const body = schema.parse(values);
    const result = await run(() =>
      outcome(api.POST("/entertainer-reviews/add-entertainer-review/{actUrl}", { params: { path: { actUrl } }, body })),
    );
    if (result.ok) {
      setOpen(false);
      form.reset();
    } else {
      for (const [field, texts] of Object.entries(result.error?.errors ?? {}))
        form.setError(field as keyof ReviewFormValues, { message: fieldMessagesText(texts) });
    }
  });

  return (
    <Dialog
      title="Add Review"
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Add Review</Button>}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {as === "planner" && (
          <div className="flex flex-col gap-1">
            <label htmlFor="review-event" className="text-sm font-medium text-gray-800">
              Event
            </label>
            <select
              id="review-event"
              {...form.register("event_url")}
              aria-invalid={Boolean(errors.event_url) || undefined}
              className="rounded-md border border-gray-300 px-3 py-2"
            >
              <option value="">Choose an event</option>
              {events.map((event) => (
                <option key={event.url} value={event.url}>
                  {event.name}
                </option>
              ))}
            </select>
            <FieldErrors errors={message("event_url")} />
          </div>
        )}
        {as === "admin" && (
          <TextField
            label="Reviewer Name"
            {...form.register("reviewer_name")}
            maxLength={LIMITS.reviewerName}
            errors={message("reviewer_name")}
          />
        )}
        {as === "admin" && (
          <TextField
            label="Why you are adding it"
            hint="Shown with the review, after “Added by”: where it comes from, e.g. “From the act's former website”."
            {...form.register("reason")}
            maxLength={LIMITS.reviewSourceNote}
            errors={message("reason")}
          />
        )}
        <StarPicker
          value={rating}
          onChange={(value) => form.setValue("rating", value, { shouldValidate: form.formState.isSubmitted })}
          errors={message("rating")}
        />
        <TextField label="Review Title" {...form.register("title")} errors={message("title")} />
        <TextAreaField
          label="Review"
          {...form.register("body")}
          max={LIMITS.reviewBody}
          length={form.watch("body")?.length ?? 0}
          errors={message("body")}
        />
        {as === "planner" && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register("allow_reviewer_name")} /> Show my name with this review
          </label>
        )}
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Submit Review
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/**
 * The rating as five stars: a radio group, so arrows move between the stars and a screen reader
 * says "3 stars, 3 of 5"; each star's radio covers it, so a click or a tap picks it. The stars
 * up to the choice are filled, and the choice is said in words too.
 */
function StarPicker({
  value,
  onChange,
  errors,
}: {
  value: number | undefined;
  onChange: (value: number) => void;
  errors: string[] | undefined;
}) {
  return (
    <fieldset aria-describedby={errors ? "rating-error" : undefined}>
      <legend className="text-sm font-medium text-gray-800">Rating</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="relative rounded has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? "star" : "stars"}`}
              className="absolute inset-0 m-0 cursor-pointer opacity-0"
            />
            <Star
              aria-hidden
              className={`h-8 w-8 ${value !== undefined && star <= value ? "fill-amber-400 text-amber-500" : "text-gray-400"}`}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-gray-700" aria-hidden>
          {value ? `${value} of 5: ${STAR_WORDS[value]}` : "Choose 1 to 5 stars"}
        </span>
      </div>
      <FieldErrors id="rating-error" errors={errors} />
    </fieldset>
  );
}
