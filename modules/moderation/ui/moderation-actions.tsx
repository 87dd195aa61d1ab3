import { type ActProfile, profileApplicationFacts } from "#modules/acts/act-profile";
import { LIMITS } from "#domain/limits";
import { missingForApplication } from "#modules/acts/application-checklist";
import type { ProfileAbilities } from "#modules/acts/profile-abilities";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { ApproveActDialog } from "./approve-act-dialog";
import { DeclineActDialog } from "./decline-act-dialog";
import { ReassignActDialog } from "./reassign-act-dialog";
import { TagsDialog } from "./tags-dialog";

/** The admin's moderation controls in the artist/admin block. */
export function ModerationActions({ act, can }: { act: ActProfile; can: ProfileAbilities }) {
  const { run, pending } = useAction();
  if (!can.admin) return null;
  const featured = act.is_featured === 1;
  return (
    <>
      <TagsDialog act={act} mode="edit" />
      {can.approve && (
        <ApproveActDialog
          actUrl={act.url}
          actName={act.name}
          missing={missingForApplication(profileApplicationFacts(act))}
        />
      )}
      {can.decline && <DeclineActDialog actUrl={act.url} actName={act.name} />}
      <ReassignActDialog actUrl={act.url} actName={act.name} />
      {can.toggleFeatured && (
        <Button
          variant="secondary"
          disabled={pending}
          aria-pressed={featured}
          onClick={() =>
            void run(
              () =>
                outcome(
                  api.POST("/act/toggleFeature/{actUrl}", {
                    params: { path: { actUrl: act.url } },
                    body: { is_featured: featured ? 0 : 1 },
                  }),
                ),
              {
                duration: LIMITS.featureToastMs,
              },
            )
          }
        >
          {featured ? "Unfeature" : "Feature"}
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={pending}
        aria-pressed={act.nationallyRecognized}
        onClick={() =>
          void run(() =>
            outcome(api.POST("/acts/toggle-nationally-recognized/{actUrl}", { params: { path: { actUrl: act.url } } })),
          )
        }
      >
        {act.nationallyRecognized ? "Unmark Nationally Recognized" : "Mark Nationally Recognized"}
      </Button>
      <Button
        variant="secondary"
        disabled={pending}
        aria-pressed={act.internal_use_only}
        onClick={() =>
          void run(() =>
            outcome(api.POST("/acts/toggle-internal-use-only/{actUrl}", { params: { path: { actUrl: act.url } } })),
          )
        }
      >
        {act.internal_use_only ? "Unmark For Internal Use Only" : "Mark For Internal Use Only"}
      </Button>
    </>
  );
}
