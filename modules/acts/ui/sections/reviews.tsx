import { LocalDay } from "#ui/local-time";
import type { ProfileReview } from "#modules/acts/act-profile";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { formatAverage, reviewAnswerEditable, reviewSourceLabel } from "#domain/ratings";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction, useAppName } from "#ui/lib/use-action";
import { AddReviewDialog } from "#modules/moderation/ui";
import { AnswerReviewDialog, EditAnswerDialog, RemoveReviewDialog } from "#modules/content/ui";
import { leaveNativeDialog, NativeDialog, NativeDialogTrigger } from "#ui/native-dialog";
import { Section } from "#ui/section";
import { StarRating } from "#ui/star-rating";
import type { SectionProps } from "../types";

export function Reviews({ act, can, reviewEvents = [] }: SectionProps) {
  const { average, count, distribution } = act.reviewSummary;
  const shown = act.entertainerReviews.slice(0, LIMITS.reviewsShown);
  return (
    <Section
      id="reviews"
      title="Reviews"
      actions={
        can.addReview ? (
          <AddReviewDialog actUrl={act.url} as={can.admin ? "admin" : "planner"} events={reviewEvents} />
        ) : null
      }
    >
      {count === 0 ? (
        <p className="text-sm text-gray-700">{MESSAGES.noRatings}</p>
      ) : (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="text-center">
              <p className="text-4xl font-bold">{formatAverage(average)}</p>
              <StarRating value={average ?? 0} />
              <p className="text-sm text-gray-700">
                {count} {count === 1 ? "review" : "reviews"}
              </p>
            </div>
            <table className="w-full max-w-sm text-sm">
              <caption className="sr-only">Number of reviews by star rating</caption>
              <tbody>
                {([5, 4, 3, 2, 1] as const).map((star) => (
                  <tr key={star}>
                    <th scope="row" className="w-16 py-0.5 text-left font-normal">
                      {star} {star === 1 ? "star" : "stars"}
                    </th>
                    <td className="px-2">
                      <div className="h-2 rounded bg-gray-200" aria-hidden>
                        <div
                          className="h-2 rounded bg-amber-500"
                          style={{ width: `${(distribution[star] / count) * 100}%` }}
                        />
                      </div>
                    </td>
                    <td className="w-8 text-right">{distribution[star]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ReviewList reviews={shown} can={can} actName={act.name} />
          {act.entertainerReviews.length > LIMITS.reviewsShown && (
            <>
              <NativeDialogTrigger dialogId="all-reviews" className="mt-4">
                View All Reviews
              </NativeDialogTrigger>
              <NativeDialog id="all-reviews" title="All Reviews" wide>
                <ReviewList reviews={act.entertainerReviews} can={can} actName={act.name} />
              </NativeDialog>
            </>
          )}
        </>
      )}
    </Section>
  );
}

function ReviewList({
  reviews,
  can,
  actName,
}: {
  reviews: ProfileReview[];
  can: SectionProps["can"];
  actName: string;
}) {
  const appName = useAppName();
  return (
    <ol className="mt-4 flex flex-col divide-y divide-gray-100">
      {reviews.map((review) => (
        <li key={review.id} className="py-3">
          <article aria-label={review.title}>
            <div className="flex flex-wrap items-center gap-2">
              <StarRating value={review.rating} size="sm" />
              <h3 className="font-semibold">{review.title}</h3>
            </div>
            <p className="mt-1 whitespace-pre-line text-gray-800">{review.body}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-700">
              <span>
                {review.reviewer_name ?? (review.source === "booking" ? "A verified planner" : "A reviewer")} ·{" "}
                <LocalDay instant={review.created_at} />
              </span>
              <Badge color={review.source === "booking" ? "green" : "gray"}>{reviewSourceLabel(review, appName)}</Badge>
            </p>
            {review.reply && (
              <div className="mt-2 rounded-md bg-gray-50 p-3 text-sm">
                <p className="font-semibold text-gray-900">
                  Answer from {actName} · <LocalDay instant={review.reply.created_at} />
                  {review.reply.edited_at && <span className="font-normal text-gray-700"> (edited)</span>}
                </p>
                <p className="mt-1 whitespace-pre-line text-gray-800">{review.reply.body}</p>
                <div className="flex flex-wrap gap-2">
                  {can.answerReview && reviewAnswerEditable(review.reply.created_at) && (
                    <EditAnswerDialog reviewId={review.id} reviewTitle={review.title} answer={review.reply.body} />
                  )}
                  {can.removeReviewAnswer && <RemoveAnswer reviewId={review.id} reviewTitle={review.title} />}
                </div>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {can.answerReview && !review.reply && (
                <AnswerReviewDialog reviewId={review.id} reviewTitle={review.title} />
              )}
              {can.deleteReview && <RemoveReviewDialog reviewId={review.id} reviewTitle={review.title} />}
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}

function RemoveAnswer({ reviewId, reviewTitle }: { reviewId: number; reviewTitle: string }) {
  const { run } = useAction();
  return (
    <ConfirmDialog
      title="Take the answer down?"
      body={<p>The answer under “{reviewTitle}” is removed; the act may answer again.</p>}
      confirmLabel="Take down"
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Take down<span className="sr-only"> the answer to “{reviewTitle}”</span>
        </Button>
      }
      onConfirm={() =>
        run(
          () => outcome(api.POST("/entertainer-reviews/reply/delete/{reviewId}", { params: { path: { reviewId } } })),
          { quietFailure: true },
        )
      }
    />
  );
}
