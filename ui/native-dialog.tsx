import { X } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A modal built on <dialog>: the browser traps focus, closes it on Escape and returns focus
 * to the opener. Opened by any element with data-dialog-open={id} (app/enhance/profile.ts)
 * or, without script, by a button with command="show-modal" commandfor={id}.
 */
export function NativeDialog({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      className={`m-auto max-h-[90vh] w-[calc(100vw-2rem)] overflow-y-auto rounded-lg bg-white p-6 shadow-xl backdrop:bg-black/50 ${wide ? "max-w-4xl" : "max-w-lg"}`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <button
          type="button"
          data-dialog-close=""
          {...{ command: "close", commandfor: id }}
          className="rounded p-1 text-gray-600 hover:bg-gray-100"
          aria-label="Close"
        >
          <X aria-hidden className="h-5 w-5" />
        </button>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}

/** The button that opens a NativeDialog. */
export function NativeDialogTrigger({
  dialogId,
  className = "",
  children,
}: {
  dialogId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-dialog-open={dialogId}
      {...{ command: "show-modal", commandfor: dialogId }}
      aria-haspopup="dialog"
      className={`inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * For a trigger inside a NativeDialog that opens a React dialog: the native modal closes
 * first, or it would keep the dialog (rendered outside it) inert.
 */
export const leaveNativeDialog = (event: React.MouseEvent<HTMLElement>) =>
  event.currentTarget.closest("dialog")?.close();
