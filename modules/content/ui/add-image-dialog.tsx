import { useId, useState } from "react";
import { IMAGE_ACCEPT } from "#modules/files/file-types";
import { MESSAGES } from "#domain/messages";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { uploadFile } from "#ui/lib/upload";
import { useAction } from "#ui/lib/use-action";

/** Add Image: the file goes to /api/uploads, then becomes one of the act's images. */
export function AddImageDialog({ actUrl }: { actUrl: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string[] | undefined>();
  const { run, pending } = useAction();
  const inputId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError([MESSAGES.imageRequired]);
    const result = await run(async () => {
      const uploaded = await uploadFile(file, "image");
      if (!uploaded.ok) return uploaded;
      return outcome(
        api.POST("/images/create/{actUrl}", { params: { path: { actUrl } }, body: { path: uploaded.data.path } }),
      );
    });
    if (result.ok) {
      setOpen(false);
      setFile(null);
    } else setError(result.error?.errors ? Object.values(result.error.errors).flat() : undefined);
  }

  return (
    <Dialog
      title="Add Image"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={<Button variant="secondary">Add Image</Button>}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          Image (JPEG, PNG, GIF, WebP or AVIF, up to 10 MB)
        </label>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(undefined);
          }}
          className="mt-1 block w-full text-sm"
        />
        <FieldErrors id={`${inputId}-error`} errors={error} />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Uploading…" : "Add Image"}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
