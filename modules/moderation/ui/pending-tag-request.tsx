import type { ActProfile } from "#modules/acts/act-profile";
import type { ProfileAbilities } from "#modules/acts/profile-abilities";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

/** The first pending tag update request, with what its viewer may do about it. */
export function PendingTagRequest({ act, can }: { act: ActProfile; can: ProfileAbilities }) {
  const { run, pending } = useAction();
  const request = act.pendingTagRequest;
  if (!request) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of facts and actions, not of form controls, which a fieldset is for.
    <div
      role="group"
      aria-label="Pending tag update request"
      className="w-full rounded-md bg-yellow-50 p-4 ring-1 ring-yellow-200"
    >
      <p className="font-semibold">Pending tag update request</p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Requested tags">
        {request.tags.map((tag) => (
          <li
            key={`${tag.relation}-${tag.id}`}
            className="rounded-full bg-white px-3 py-1 text-sm ring-1 ring-yellow-300"
          >
            {tag.name}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {can.requestTagUpdate && (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void run(() =>
                outcome(
                  api.POST("/acts/cancel-tag-update-request/{actUrl}", { params: { path: { actUrl: act.url } } }),
                ),
              )
            }
          >
            Cancel Request
          </Button>
        )}
        {can.admin && (
          <>
            <Button
              disabled={pending}
              onClick={() =>
                void run(() =>
                  outcome(
                    api.POST("/acts/accept-tag-update-request/{actUrl}", { params: { path: { actUrl: act.url } } }),
                  ),
                )
              }
            >
              Accept Request
            </Button>
            <Button
              variant="danger"
              disabled={pending}
              onClick={() =>
                void run(() =>
                  outcome(
                    api.POST("/acts/decline-tag-update-request/{actUrl}", { params: { path: { actUrl: act.url } } }),
                  ),
                )
              }
            >
              Decline Request
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
