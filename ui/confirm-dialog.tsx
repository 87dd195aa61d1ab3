import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormActions } from "./form-fields";

/**
 * Asks before an action that is hard to take back; the action's failure is not shown (the item
 * is gone either way, or comes back on reload). Destructive by default (a red confirm button); `confirmVariant` for others.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  trigger,
  onConfirm,
  confirmVariant = "danger",
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  trigger: ReactNode;
  onConfirm: () => Promise<unknown>;
  confirmVariant?: "danger" | "primary";
}) {
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
          variant={confirmVariant}
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
