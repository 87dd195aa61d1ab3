import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { api, outcome } from "../../lib/api-client";
import { useAction } from "../../lib/use-action";

/** Approving puts an act in front of every planner, so it is asked for twice: a click, then a confirmation. */
export function ApproveActDialog({ actUrl, actName, triggerLabel }: { actUrl: string; actName: string; triggerLabel?: string }) {
  const { run, pending } = useAction();
  return (
    <ConfirmDialog
      title={`Approve ${actName}?`}
      body={<p>{actName} becomes visible to every planner: in search, on listing pages and on its own page.</p>}
      confirmLabel="Approve"
      confirmVariant="primary"
      trigger={
        <Button disabled={pending} aria-label={triggerLabel}>
          Approve
        </Button>
      }
      onConfirm={() => run(() => outcome(api.POST("/acts/set-status/{actUrl}", { params: { path: { actUrl } }, body: { status: "approved" } })))}
    />
  );
}
