import { Check, X } from "lucide-react";
import { useState } from "react";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { Section } from "#ui/section";
import { ModerationHistory } from "#modules/moderation/ui";
import type { SectionProps } from "../types";

/** The admin-only block at the end of the page. */
export function AdditionalInfo({ act, can }: SectionProps) {
  if (!can.admin) return null;
  const manager = act.manager;
  return (
    <Section id="additional-info" title="Additional Info">
      <div className="grid gap-4 md:grid-cols-2">
        {/* biome-ignore lint/a11y/useSemanticElements: a group of facts, not of form controls, which a fieldset is for. */}
        <div className="rounded-md border border-gray-200 p-4" aria-label="Manager" role="group">
          <h3 className="font-semibold">Manager</h3>
          {manager ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-700">Name</dt>
              <dd>{manager.name}</dd>
              <dt className="text-gray-700">ID</dt>
              <dd className="break-all">{manager.id}</dd>
              <dt className="text-gray-700">Email</dt>
              <dd>
                <a href={`mailto:${manager.email}`} className="text-brand-800 underline">
                  {manager.email}
                </a>
              </dd>
              <dt className="text-gray-700">Phone</dt>
              <dd>{manager.phone ?? "Not given"}</dd>
              {manager.role === "ARTIST" && (
                <>
                  <dt className="text-gray-700">W-9</dt>
                  <dd>
                    <Flag on={manager.w9_received} label="received" />
                  </dd>
                  <dt className="text-gray-700">Direct deposit</dt>
                  <dd>
                    <Flag on={manager.direct_deposit_received} label="received" />
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-gray-700">No manager</p>
          )}
          {manager?.role === "ARTIST" && <PayoutMarksForm manager={manager} />}
        </div>
        <div className="text-sm">
          <h3 className="font-semibold">Notes</h3>
          <p className="mt-2 whitespace-pre-line">{act.additional_info || "None"}</p>
          <h3 className="mt-3 font-semibold">Corporate events</h3>
          <p className="mt-1">
            {act.has_performed_corporate_event ? "Has performed at corporate events" : "No corporate events yet"}
          </p>
          {act.corporate_event_experience && (
            <p className="mt-1 whitespace-pre-line">{act.corporate_event_experience}</p>
          )}
          {act.decline_reason && (
            <>
              <h3 className="mt-3 font-semibold">Decline reason</h3>
              <p className="mt-1 whitespace-pre-line">{act.decline_reason}</p>
            </>
          )}
        </div>
      </div>
      <ModerationHistory events={act.history ?? []} />
    </Section>
  );
}

type Manager = NonNullable<SectionProps["act"]["manager"]>;

/** The admin's marks that payouts wait for: the artist's W-9 and direct-deposit details, received or not. */
function PayoutMarksForm({ manager }: { manager: Manager }) {
  const { run, pending } = useAction();
  const [w9, setW9] = useState(manager.w9_received);
  const [deposit, setDeposit] = useState(manager.direct_deposit_received);
  return (
    <form
      className="mt-3 flex flex-col gap-2 border-t border-gray-100 pt-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          const result = await outcome(
            api.POST("/users/{userUrl}/payout-marks", {
              params: { path: { userUrl: manager.url } },
              body: { w9_received: w9, direct_deposit_received: deposit },
            }),
          );
          return result.ok ? { ok: true as const, data: { message: "Payout marks saved" } } : result;
        });
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="font-semibold">Payout marks (payouts wait for both)</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={w9} onChange={(event) => setW9(event.target.checked)} /> W-9 received
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={deposit} onChange={(event) => setDeposit(event.target.checked)} />{" "}
          Direct-deposit details received
        </label>
      </fieldset>
      <Button type="submit" variant="secondary" className="self-start px-3 py-1" disabled={pending}>
        Save marks
      </Button>
    </form>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span className="inline-flex items-center gap-1 text-green-800">
      <Check aria-hidden className="h-4 w-4" /> {label}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-red-800">
      <X aria-hidden className="h-4 w-4" /> not {label}
    </span>
  );
}
