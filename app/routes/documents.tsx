import { useId, useState } from "react";
import { Link } from "react-router";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { DOCUMENT_REQUIRED, documentSchema } from "#modules/files/document-schemas";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { FieldErrors } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { fileUrl } from "#modules/files/file-urls";
import { uploadFile } from "#ui/lib/upload";
import { useAction } from "#ui/lib/use-action";
import { loadDocumentsPage } from "./documents.server";
import type { Route } from "./+types/documents";

export function meta() {
  return [{ title: "Manage Documents" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return loadDocumentsPage(context);
}

const APPROVAL_COLOR = { approved: "green", pending: "yellow", declined: "red" } as const;

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { run, pending } = useAction();
  return (
    <>
      <h1 className="text-2xl font-bold">Manage Documents</h1>
      <p className="mt-1 text-sm text-gray-700">
        Public documents appear on the act's profile once an admin approves them.
      </p>
      {loaderData.acts.length > 0 && <UploadForm acts={loaderData.acts} />}
      <section aria-labelledby="documents-heading" className="mt-6 rounded-lg bg-white p-5 shadow-sm">
        <h2 id="documents-heading" className="text-lg font-semibold">
          Documents
        </h2>
        {loaderData.documents.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No documents yet.</p>
        ) : (
          // Relative: the buttons' screen-reader words are placed absolutely, and would otherwise widen the page past this scroller on a phone.
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-gray-200">
                  <th scope="col" className="py-2 pr-3">
                    Act
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Title
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Visibility
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.documents.map((doc) => (
                  <tr key={doc.id} className="border-b border-gray-100">
                    <td className="py-2 pr-3">
                      <Link to={`/entertainment/${doc.act.url}`} className="text-brand-800 underline">
                        {doc.act.name}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">
                      <a href={fileUrl(doc.file_path)} className="text-brand-800 underline">
                        {doc.title}
                      </a>
                    </td>
                    <td className="py-2 pr-3">{doc.type}</td>
                    <td className="py-2 pr-3">{doc.is_public ? "Public" : "Private"}</td>
                    <td className="py-2 pr-3">
                      <Badge color={APPROVAL_COLOR[doc.approval as keyof typeof APPROVAL_COLOR] ?? "gray"}>
                        {doc.approval[0]!.toUpperCase() + doc.approval.slice(1)}
                      </Badge>
                    </td>
                    <td className="flex flex-wrap gap-2 py-2">
                      {loaderData.isAdmin && doc.approval !== "approved" && (
                        <Button
                          className="px-3 py-1"
                          disabled={pending}
                          onClick={() =>
                            void run(() =>
                              outcome(api.POST("/documents/approve/{id}", { params: { path: { id: doc.id } } })),
                            )
                          }
                        >
                          Approve<span className="sr-only"> {doc.title}</span>
                        </Button>
                      )}
                      {loaderData.isAdmin && doc.approval !== "declined" && (
                        <Button
                          variant="secondary"
                          className="px-3 py-1"
                          disabled={pending}
                          onClick={() =>
                            void run(() =>
                              outcome(api.POST("/documents/decline/{id}", { params: { path: { id: doc.id } } })),
                            )
                          }
                        >
                          Decline<span className="sr-only"> {doc.title}</span>
                        </Button>
                      )}
                      <ConfirmDialog
                        title="Delete Document"
                        body={<p>Delete “{doc.title}”?</p>}
                        confirmLabel="Delete Document"
                        trigger={
                          <Button variant="secondary" className="px-3 py-1">
                            Delete<span className="sr-only"> {doc.title}</span>
                          </Button>
                        }
                        onConfirm={() =>
                          run(() => outcome(api.POST("/documents/delete/{id}", { params: { path: { id: doc.id } } })), {
                            quietFailure: true,
                          })
                        }
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function UploadForm({ acts }: { acts: { url: string; name: string }[] }) {
  const [actUrl, setActUrl] = useState(acts[0]!.url);
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [isPublic, setIsPublic] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();
  const ids = { act: useId(), file: useId() };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = documentSchema.safeParse({ title, path: file ? "pending-upload" : "", is_public: isPublic });
    if (!parsed.success) {
      return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    }
    setErrors({});
    const result = await run(async () => {
      const uploaded = await uploadFile(file!, "document");
      if (!uploaded.ok) return uploaded;
      return outcome(
        api.POST("/documents/create/{actUrl}", {
          params: { path: { actUrl } },
          body: { title: parsed.data.title, path: uploaded.data.path, is_public: isPublic },
        }),
      );
    });
    if (result.ok) {
      setTitle("");
      setFile(null);
      form.reset();
    } else if (result.error?.errors) setErrors(result.error.errors);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 grid gap-4 rounded-lg bg-white p-5 shadow-sm sm:grid-cols-2"
      aria-label="Upload a document"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.act} className="text-sm font-medium text-gray-800">
          Act
        </label>
        <select
          id={ids.act}
          value={actUrl}
          onChange={(event) => setActUrl(event.target.value)}
          className="w-full min-w-0 rounded-md border border-gray-300 px-3 py-2"
        >
          {acts.map((act) => (
            <option key={act.url} value={act.url}>
              {act.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Title"
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        errors={errors.title}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.file} className="text-sm font-medium text-gray-800">
          File (PDF, Word, Excel, PowerPoint, text, RTF or image; up to 25 MB)
        </label>
        <input
          id={ids.file}
          type="file"
          aria-invalid={Boolean(errors.path) || undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="w-full min-w-0 text-sm"
        />
        <FieldErrors errors={errors.path ?? (errors.file ? [DOCUMENT_REQUIRED] : undefined)} />
      </div>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} /> Public
        (shown on the profile once approved)
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Uploading…" : "Upload Document"}
        </Button>
      </div>
    </form>
  );
}
