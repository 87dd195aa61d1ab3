import { Play } from "lucide-react";
import { useState } from "react";
import type { ProfileVideo } from "../../../../domain/act-profile";
import { LIMITS } from "../../../../domain/limits";
import { MESSAGES } from "../../../../domain/messages";
import { parseVideoLink, videoEmbedUrl } from "../../../../domain/media";
import { Button } from "../../../components/ui/button";
import { EmptyState, Section } from "../../../components/ui/section";
import { Tooltip } from "../../../components/ui/tooltip";
import { fileUrl } from "../../../lib/files";
import type { SectionProps } from "../types";

export function Videos({ act, can }: SectionProps) {
  if (!can.showVideos) return null;
  const full = act.videos.length >= LIMITS.maxVideos;
  const addButton = can.manage ? (
    full ? (
      <Tooltip content={MESSAGES.maxVideosTooltip}>
        <span tabIndex={0}>
          <Button variant="secondary" disabled>
            Add Video
          </Button>
        </span>
      </Tooltip>
    ) : (
      <Button variant="secondary">Add Video</Button>
    )
  ) : null;
  return (
    <Section id="videos" title="Videos" actions={addButton}>
      {act.videos.length === 0 ? (
        <EmptyState>This Entertainer currently has no Videos</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {act.videos.map((video, index) => (
            <li key={video.id}>
              <VideoPlayer video={video} title={`${act.name} video ${index + 1}`} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A light embed: a poster and a play button; the player's iframe loads only on click. */
function VideoPlayer({ video, title }: { video: ProfileVideo; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (video.file_path) {
    return <video controls preload="metadata" src={fileUrl(video.file_path)} title={title} className="aspect-video w-full rounded-md bg-black" />;
  }
  const parsed = video.link ? parseVideoLink(video.link) : null;
  if (!parsed) return null;
  if (playing) {
    return (
      <iframe
        src={videoEmbedUrl(parsed)}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="aspect-video w-full rounded-md"
      />
    );
  }
  const poster = parsed.provider === "youtube" ? `https://i.ytimg.com/vi/${parsed.id}/hqdefault.jpg` : null;
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block aspect-video w-full overflow-hidden rounded-md bg-gray-900"
      aria-label={`Play ${title} (${parsed.provider === "youtube" ? "YouTube" : "Vimeo"})`}
    >
      {poster && <img src={poster} alt="" loading="lazy" className="h-full w-full object-cover opacity-90" />}
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="rounded-full bg-white/90 p-4 shadow group-hover:bg-white">
          <Play aria-hidden className="h-6 w-6 text-gray-900" fill="currentColor" />
        </span>
      </span>
    </button>
  );
}
