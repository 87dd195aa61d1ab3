import { approvalWarning } from "#modules/acts/application-checklist";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

/**
 * Approving puts an act in front of every planner, so it is asked for twice: a click, then a
 * confirmation, which names what the act's checklist still misses (`missing`, its labels).
 */
export function ApproveActDialog({
  actUrl,
  actName,
  triggerLabel,
  missing = [],
}: {
  actUrl: string;
  actName: string;
  triggerLabel?: string;
  missing?: readonly string[];
}) {
  const { run, pending } = useAction();
  const warning = approvalWarning(actName, missing);
  return (
    <ConfirmDialog
      title={`Approve ${actName}?`}
      body={
        <>
          <p>{actName} becomes visible to every planner: in search, on listing pages and on its own page.</p>
          {warning && (
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
              <strong>Incomplete.</strong> {warning}
            </p>
          )}
        </>
      }
      confirmLabel={warning ? "Approve anyway" : "Approve"}
      confirmVariant="primary"
      trigger={
        <Button disabled={pending} aria-label={triggerLabel}>
          Approve
        </Button>
      }
      onConfirm={() =>
        run(() =>
          outcome(
            api.POST("/acts/set-status/{actUrl}", { params: { path: { actUrl } }, body: { status: "approved" } }),
          ),
        )
      }
    />
  );
}
