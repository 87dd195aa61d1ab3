import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { LIMITS } from "../../../../domain/limits";
import { MESSAGES } from "../../../../domain/messages";
import { Button } from "../../../components/ui/button";
import { EmptyState, Section } from "../../../components/ui/section";
import { Tooltip } from "../../../components/ui/tooltip";
import { downloadFile, fileUrl } from "../../../lib/files";
import type { SectionProps } from "../types";

// The lightbox loads only when a visitor opens a photo, keeping it out of the first page load.
const PhotoLightbox = lazy(() => import("./photo-lightbox"));

export function Photos({ act, can }: SectionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const full = act.images.length >= LIMITS.maxImages;
  const addButton = can.manage ? (
    full ? (
      <Tooltip content={MESSAGES.maxImagesTooltip}>
        <span tabIndex={0}>
          <Button variant="secondary" disabled>
            Add Image
          </Button>
        </span>
      </Tooltip>
    ) : (
      <Button variant="secondary">Add Image</Button>
    )
  ) : null;
  return (
    <Section id="photos" title="Photos" actions={addButton}>
      {act.images.length === 0 ? (
        <EmptyState>{MESSAGES.noImages}</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {act.images.map((image, index) => (
            <li key={image.id} className="group relative">
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                className="block w-full overflow-hidden rounded-md"
                aria-label={`Open photo ${index + 1} of ${act.images.length}`}
              >
                <img src={fileUrl(image.path)} alt="" loading="lazy" width={480} height={320} className="aspect-[3/2] w-full object-cover transition group-hover:scale-105" />
              </button>
              <button
                type="button"
                onClick={() => void downloadFile(fileUrl(image.path), act.name, `photo ${index + 1}`, image.path)}
                className="absolute bottom-2 right-2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
                aria-label={`Download photo ${index + 1}`}
              >
                <Download aria-hidden className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {openIndex !== null && (
        <Suspense fallback={null}>
          <PhotoLightbox
            slides={act.images.map((image) => ({ src: fileUrl(image.path) }))}
            index={openIndex}
            onClose={() => setOpenIndex(null)}
          />
        </Suspense>
      )}
    </Section>
  );
}
