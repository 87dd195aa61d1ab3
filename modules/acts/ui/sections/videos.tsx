import { Play } from "lucide-react";
import type { ProfileVideo } from "#modules/acts/act-profile";
import { LIMITS } from "#domain/limits";
import { MESSAGES, OWN_EMPTY_STATES } from "#domain/messages";
import { parseVideoLink, videoEmbedUrl } from "#modules/files/media";
import { Button } from "#ui/button";
import { EmptyState, Section } from "#ui/section";
import { LimitedAddButton } from "#ui/limited-add-button";
import { fileUrl } from "#modules/files/file-urls";
import { AddVideoDialog } from "#modules/files/ui";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import type { SectionProps } from "../types";

export function Videos({ act, can, userUrl }: SectionProps & { userUrl?: string | undefined }) {
  if (!can.showVideos) return null;
  const addButton = can.manage ? (
    <LimitedAddButton
      full={act.videos.length >= LIMITS.maxVideos}
      label="Add Video"
      tooltip={MESSAGES.maxVideosTooltip}
    >
      <AddVideoDialog actUrl={act.url} userUrl={userUrl ?? ""} videoCount={act.videos.length} />
    </LimitedAddButton>
  ) : null;
  return (
    <Section id="videos" title="Videos" actions={addButton}>
      {act.videos.length === 0 ? (
        <EmptyState>{act.viewer.isManager ? OWN_EMPTY_STATES.videos : MESSAGES.noVideos}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {act.videos.map((video, index) => (
            <li key={video.id}>
              <VideoPlayer video={video} title={`${act.name} video ${index + 1}`} />
              {can.manage && <DeleteVideo actUrl={act.url} videoId={video.id} index={index + 1} />}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * A light embed: a poster and a play button; app/enhance/profile.ts puts the player's iframe
 * into the empty slot on click, so nothing loads from the video host before then.
 */
function VideoPlayer({ video, title }: { video: ProfileVideo; title: string }) {
  if (video.file_path) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: artists upload performance videos without caption files; we have none to offer.
      <video
        controls
        preload="metadata"
        src={fileUrl(video.file_path)}
        title={title}
        className="aspect-video w-full rounded-md bg-black"
      />
    );
  }
  const parsed = video.link ? parseVideoLink(video.link) : null;
  if (!parsed) return null;
  const poster = parsed.provider === "youtube" ? `https://i.ytimg.com/vi/${parsed.id}/hqdefault.jpg` : null;
  return (
    <div>
      <button
        type="button"
        data-video-embed={videoEmbedUrl(parsed)}
        data-video-title={title}
        className="group relative block aspect-video w-full overflow-hidden rounded-md bg-gray-900"
        aria-label={`Play ${title} (${parsed.provider === "youtube" ? "YouTube" : "Vimeo"})`}
      >
        {poster && (
          <span
            aria-hidden
            className="absolute inset-0 bg-cover bg-center opacity-90"
            style={{ backgroundImage: `url(${poster})` }}
          />
        )}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="rounded-full bg-white/90 p-4 shadow group-hover:bg-white">
            <Play aria-hidden className="h-6 w-6 text-gray-900" fill="currentColor" />
          </span>
        </span>
      </button>
      <div data-video-slot="" />
    </div>
  );
}

function DeleteVideo({ actUrl, videoId, index }: { actUrl: string; videoId: number; index: number }) {
  const { run } = useAction();
  return (
    <ConfirmDialog
      title="Delete Video"
      body={<p>Remove video {index} from the profile?</p>}
      confirmLabel="Delete Video"
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1">
          Delete<span className="sr-only"> video {index}</span>
        </Button>
      }
      onConfirm={() =>
        run(() => outcome(api.POST("/videos/delete/{actUrl}/{videoId}", { params: { path: { actUrl, videoId } } })), {
          quietFailure: true,
        })
      }
    />
  );
}
