import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormActions } from "./form-fields";

/** Asks before a destructive action; the action's failure is not shown (SPEC.md section 8). */
export function ConfirmDialog({ title, body, confirmLabel, trigger, onConfirm }: { title: string; body: ReactNode; confirmLabel: string; trigger: ReactNode; onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <Dialog title={title} open={open} onOpenChange={setOpen} trigger={trigger}>
      <div className="text-gray-800">{body}</div>
      <FormActions>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={pending}
          onClick={async () => {
            setPending(true);
            try {
              await onConfirm();
              setOpen(false);
            } finally {
              setPending(false);
            }
          }}
        >
          {confirmLabel}
        </Button>
      </FormActions>
    </Dialog>
  );
}
