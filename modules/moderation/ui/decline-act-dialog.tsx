import { LIMITS } from "#domain/limits";
import { setStatusSchema } from "../schemas";
import { Button } from "#ui/button";
import { TextAreaDialog } from "#ui/text-area-dialog";
import { api, outcome } from "#ui/lib/api-client";

export function DeclineActDialog({ actUrl, actName }: { actUrl: string; actName: string }) {
  return (
    <TextAreaDialog
      title="Decline Act"
      description={`${actName} will be told the reason, if you give one.`}
      trigger={<Button variant="danger">Decline</Button>}
      label="Reason (optional)"
      max={LIMITS.declineReason}
      rule={setStatusSchema.shape.decline_reason}
      submitLabel="Decline Act"
      danger
      field="decline_reason"
      send={(decline_reason) =>
        outcome(
          api.POST("/acts/set-status/{actUrl}", {
            params: { path: { actUrl } },
            body: { status: "declined", decline_reason },
          }),
        )
      }
    />
  );
}
