import { Download } from "lucide-react";
import { LIMITS } from "#domain/limits";
import { MESSAGES, OWN_EMPTY_STATES } from "#domain/messages";
import { EmptyState, Section } from "#ui/section";
import { LimitedAddButton } from "#ui/limited-add-button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { fileUrl, sizedImage } from "#modules/files/file-urls";
import { useAction } from "#ui/lib/use-action";
import { AddImageDialog } from "#modules/content/ui";
import type { SectionProps } from "../types";

/** The photo grid; app/enhance/profile.ts opens the lightbox and downloads from the data attributes. */
export function Photos({ act, can }: SectionProps) {
  const addButton = can.manage ? (
    <LimitedAddButton
      full={act.images.length >= LIMITS.maxImages}
      label="Add Image"
      tooltip={MESSAGES.maxImagesTooltip}
    >
      <AddImageDialog actUrl={act.url} />
    </LimitedAddButton>
  ) : null;
  return (
    <Section id="photos" title="Photos" actions={addButton}>
      {act.images.length === 0 ? (
        <EmptyState>{act.viewer.isManager ? OWN_EMPTY_STATES.images : MESSAGES.noImages}</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-gallery="">
          {act.images.map((image, index) => (
            <li key={image.id} className="group relative">
              <a
                href={fileUrl(image.path)}
                data-lightbox-index={index}
                className="block overflow-hidden rounded-md"
                aria-label={`Open photo ${index + 1} of ${act.images.length}`}
              >
                <img
                  {...sizedImage(image.path, 480, "(max-width: 640px) 100vw, 480px")}
                  // biome-ignore lint/a11y/noRedundantAlt: "photo 2" says which of the act's photos it is, not that it is an image.
                  alt={`${act.name}, photo ${index + 1}`}
                  loading="lazy"
                  width={480}
                  height={320}
                  className="aspect-[3/2] w-full object-cover transition group-hover:scale-105"
                />
              </a>
              <button
                type="button"
                data-download-url={fileUrl(image.path)}
                data-download-first={act.name}
                data-download-second={`photo ${index + 1}`}
                data-download-path={image.path}
                className="absolute bottom-2 right-2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
                aria-label={`Download photo ${index + 1}`}
              >
                <Download aria-hidden className="h-4 w-4" />
              </button>
              {can.manage && <DeleteImage actUrl={act.url} imageId={image.id} index={index + 1} />}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function DeleteImage({ actUrl, imageId, index }: { actUrl: string; imageId: number; index: number }) {
  const { run } = useAction();
  return (
    <ConfirmDialog
      title="Delete Image"
      body={<p>Delete photo {index}?</p>}
      confirmLabel="Delete Image"
      trigger={
        <button
          type="button"
          className="absolute bottom-2 left-2 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold shadow hover:bg-white"
        >
          Delete<span className="sr-only"> photo {index}</span>
        </button>
      }
      onConfirm={() =>
        run(() => outcome(api.POST("/images/delete/{actUrl}/{imageId}", { params: { path: { actUrl, imageId } } })), {
          quietFailure: true,
        })
      }
    />
  );
}
