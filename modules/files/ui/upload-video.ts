import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { api, outcome } from "#ui/lib/api-client";

/**
 * Uploads one video with Uppy's tus plugin to /api/videos/upload/{actUrl}/{userUrl}?uppyId=…,
 * in 50 MB chunks with no retries, then asks the server to turn it into a video.
 * Uppy loads only when someone uploads.
 */
export async function uploadVideo(options: {
  file: File;
  actUrl: string;
  userUrl: string;
  onProgress: (percent: number) => void;
}): Promise<{ ok: true } | { ok: false; message?: string }> {
  const [{ default: Uppy }, { default: Tus }] = await Promise.all([import("@uppy/core"), import("@uppy/tus")]);
  const uppy = new Uppy({
    autoProceed: false,
    restrictions: { maxNumberOfFiles: LIMITS.videoFilesPerUpload, allowedFileTypes: ["video/*"] },
  });
  uppy.use(Tus, {
    endpoint: "/api/videos/upload",
    chunkSize: LIMITS.videoChunkBytes,
    retryDelays: [],
    removeFingerprintOnSuccess: true,
  });
  try {
    const id = uppy.addFile({ name: options.file.name, type: options.file.type, data: options.file, source: "Local" });
    // Per-file tus options are read by @uppy/tus but are not in Uppy's file state type.
    uppy.setFileState(id, {
      tus: {
        endpoint: `/api/videos/upload/${encodeURIComponent(options.actUrl)}/${encodeURIComponent(options.userUrl)}?uppyId=${encodeURIComponent(id)}`,
      },
    } as never);
    uppy.on("upload-progress", (_file, progress) => {
      if (progress.bytesTotal) options.onProgress(Math.round((progress.bytesUploaded / progress.bytesTotal) * 100));
    });
    const result = await uppy.upload();
    if (!result || result.failed?.length)
      return {
        ok: false,
        message: result?.failed?.[0]?.error ? `${MESSAGES.serverErrorPrefix}${result.failed[0].error}` : undefined,
      };
    const completed = await outcome(api.POST("/videos/upload-complete/{uppyId}", { params: { path: { uppyId: id } } }));
    if (!completed.ok)
      return {
        ok: false,
        message: completed.error ? `${MESSAGES.serverErrorPrefix}${completed.error.message}` : undefined,
      };
    return { ok: true };
  } catch (error) {
    // Uppy throws on a restriction: more than one file, or not a video.
    return {
      ok: false,
      message:
        error instanceof Error && /number of files|allowed/i.test(error.message) ? MESSAGES.oneVideoAtATime : undefined,
    };
  } finally {
    uppy.destroy();
  }
}
