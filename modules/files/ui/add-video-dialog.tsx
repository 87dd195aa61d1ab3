import { useId, useRef, useState } from "react";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { passesVideoHostCheck, stripWhitespace } from "../media";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { useAppName } from "#ui/lib/use-action";
import { useRevalidator } from "react-router";
import { uploadVideo } from "./upload-video";
import { videoLinkFailure } from "./video-messages";

type Step = "choose" | "uploading" | "done";

/** Add Video: External Link or Direct Upload (resumable, in 50 MB chunks), then Video Uploaded. */
export function AddVideoDialog({
  actUrl,
  userUrl,
  videoCount,
}: {
  actUrl: string;
  userUrl: string;
  videoCount: number;
}) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<"link" | "upload">("link");
  const [step, setStep] = useState<Step>("choose");
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [count, setCount] = useState(videoCount);
  const fileInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const provider = useAppName();
  const fileId = useId();

  /** Closing after any change reloads the page's data: the spec's reload. */
  function close() {
    setOpen(false);
    reset();
    void revalidator.revalidate();
  }

  function reset() {
    setStep("choose");
    setLink("");
    setError(null);
    setProgress(0);
  }

  async function submitLink(event: React.FormEvent) {
    event.preventDefault();
    const cleaned = stripWhitespace(link);
    if (!passesVideoHostCheck(cleaned)) return setError(MESSAGES.invalidVideoLink);
    setStep("uploading");
    const result = await outcome(
      api.POST("/videos/upload-link/{actUrl}", { params: { path: { actUrl } }, body: { link: cleaned } }),
    );
    if (!result.ok) {
      setStep("choose");
      return setError(videoLinkFailure(result.error, provider));
    }
    setCount((value) => value + 1);
    setStep("done");
  }

  async function submitUpload(event: React.FormEvent) {
    event.preventDefault();
    const files = fileInput.current?.files;
    if (!files || files.length !== LIMITS.videoFilesPerUpload) return setError(MESSAGES.oneVideoAtATime);
    const file = files[0]!;
    if (!file.type.startsWith("video/")) return setError(MESSAGES.oneVideoAtATime);
    setError(null);
    setStep("uploading");
    const result = await uploadVideo({ file, actUrl, userUrl, onProgress: setProgress });
    if (!result.ok) {
      setStep("choose");
      return setError(result.message ?? MESSAGES.videoLinkFailure(provider));
    }
    setCount((value) => value + 1);
    setStep("done");
  }

  return (
    <Dialog
      title={step === "done" ? "Video Uploaded" : "Add Video"}
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      trigger={<Button variant="secondary">Add Video</Button>}
    >
      {step === "done" ? (
        <div>
          <p>Your video has been added to the profile.</p>
          <FormActions>
            {count < LIMITS.maxVideos && (
              <Button variant="secondary" onClick={reset}>
                Add Another Video
              </Button>
            )}
            <Button onClick={close}>Done</Button>
          </FormActions>
        </div>
      ) : step === "uploading" ? (
        <div>
          <label className="text-sm font-medium" htmlFor={`${fileId}-progress`}>
            Uploading… {source === "upload" ? `${progress}%` : ""}
          </label>
          <progress
            id={`${fileId}-progress`}
            className="mt-2 h-3 w-full"
            max={100}
            value={source === "upload" ? progress : undefined}
          />
        </div>
      ) : (
        <>
          <fieldset>
            <legend className="sr-only">Video source</legend>
            <div className="flex gap-4">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="video-source"
                  checked={source === "link"}
                  onChange={() => {
                    setSource("link");
                    setError(null);
                  }}
                />{" "}
                External Link
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="video-source"
                  checked={source === "upload"}
                  onChange={() => {
                    setSource("upload");
                    setError(null);
                  }}
                />{" "}
                Direct Upload
              </label>
            </div>
          </fieldset>
          {source === "link" ? (
            <form onSubmit={submitLink} noValidate className="mt-4">
              <TextField
                label="YouTube or Vimeo link"
                name="link"
                value={link}
                onChange={(event) => setLink(event.target.value)}
                errors={error ? [error] : undefined}
              />
              <FormActions>
                <Button type="button" variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit">Add Video</Button>
              </FormActions>
            </form>
          ) : (
            <form onSubmit={submitUpload} noValidate className="mt-4">
              <label htmlFor={fileId} className="block text-sm font-medium text-gray-800">
                Video file (one at a time, up to 2 GB)
              </label>
              <input
                id={fileId}
                ref={fileInput}
                type="file"
                accept="video/*"
                multiple
                aria-describedby={error ? `${fileId}-error` : undefined}
                className="mt-1 block w-full text-sm"
                onChange={() => setError(null)}
              />
              <FieldErrors id={`${fileId}-error`} errors={error ? [error] : undefined} />
              <FormActions>
                <Button type="button" variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit">Upload Video</Button>
              </FormActions>
            </form>
          )}
        </>
      )}
    </Dialog>
  );
}
