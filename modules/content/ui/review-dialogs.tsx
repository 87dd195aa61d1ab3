import { LIMITS } from "#domain/limits";
import { reviewRemovalSchema, reviewReplySchema } from "../review-schemas";
import { Button } from "#ui/button";
import { leaveNativeDialog } from "#ui/native-dialog";
import { TextAreaDialog } from "#ui/text-area-dialog";
import { api, outcome } from "#ui/lib/api-client";

/** The act's artist answers a review, once and in public. */
export function AnswerReviewDialog({ reviewId, reviewTitle }: { reviewId: number; reviewTitle: string }) {
  return (
    <TextAreaDialog
      title="Answer the review"
      description={`Your answer to “${reviewTitle}” is shown under it to everyone. You answer once; you may change it for a day after posting it.`}
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Answer<span className="sr-only"> the review “{reviewTitle}”</span>
        </Button>
      }
      label="Your answer"
      max={LIMITS.reviewReply}
      rule={reviewReplySchema.shape.body}
      submitLabel="Post answer"
      field="body"
      send={(body) =>
        outcome(api.POST("/entertainer-reviews/reply/{reviewId}", { params: { path: { reviewId } }, body: { body } }))
      }
    />
  );
}

/** The act's artist changes its answer, in the day after posting it. */
export function EditAnswerDialog({
  reviewId,
  reviewTitle,
  answer,
}: {
  reviewId: number;
  reviewTitle: string;
  answer: string;
}) {
  return (
    <TextAreaDialog
      title="Change the answer"
      description={`Your answer to “${reviewTitle}” can be changed for a day after you posted it.`}
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Edit<span className="sr-only"> the answer to “{reviewTitle}”</span>
        </Button>
      }
      label="Your answer"
      max={LIMITS.reviewReply}
      rule={reviewReplySchema.shape.body}
      submitLabel="Save answer"
      field="body"
      initial={answer}
      send={(body) =>
        outcome(
          api.POST("/entertainer-reviews/reply/edit/{reviewId}", { params: { path: { reviewId } }, body: { body } }),
        )
      }
    />
  );
}

/** An admin removes a review, saying why: its reviewer and the act's artist are told. */
export function RemoveReviewDialog({ reviewId, reviewTitle }: { reviewId: number; reviewTitle: string }) {
  return (
    <TextAreaDialog
      title="Delete Review"
      description={`Delete the review “${reviewTitle}”? This cannot be undone. Its reviewer and the act are told, with your reason.`}
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Delete<span className="sr-only"> review “{reviewTitle}”</span>
        </Button>
      }
      label="Reason"
      max={LIMITS.reviewReply}
      rule={reviewRemovalSchema.shape.reason}
      submitLabel="Delete Review"
      danger
      field="reason"
      quietFailure
      send={(reason) =>
        outcome(
          api.POST("/entertainer-reviews/delete-entertainer-review/{reviewId}", {
            params: { path: { reviewId } },
            body: { reason: reason || null },
          }),
        )
      }
    />
  );
}
