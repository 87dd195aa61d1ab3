import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LIMITS } from "#domain/limits";
import { paragraphsToText, seoEntryPath, type SeoEntryKind } from "#modules/seo/seo";
import { Button } from "#ui/button";
import { FieldErrors, TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { SerpPreview } from "#modules/seo/ui";
import { loadSeoEntryEditor, saveSeoEntry } from "./admin.seo.server";
import type { Route } from "./+types/admin.seo.entry";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.entry.id ? "Edit a curated entry" : "New curated entry" },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadSeoEntryEditor(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return saveSeoEntry(context, request, url);
}

const KEY_FIELD: Record<SeoEntryKind, { label: string; placeholder: string }> = {
  act: { label: "Act url (the last part of /entertainment/…)", placeholder: "the-velvet-tones" },
  listing: { label: "Listing page path", placeholder: "/hire/jazz/austin-tx" },
};

export default function SeoEntryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { publicUrl } = loaderData;
  // After a refused save, the form shows what was sent (a page rendered without JavaScript too).
  const entry = { ...loaderData.entry, ...actionData?.values };
  const submitting = useNavigation().state === "submitting";
  // The inputs are uncontrolled, so nothing typed before the page is interactive is lost;
  // these copies only feed the preview.
  const [kind, setKind] = useState<SeoEntryKind>(entry.kind);
  const [key, setKey] = useState(entry.key);
  const [title, setTitle] = useState(entry.title);
  const [description, setDescription] = useState(entry.description);
  const errors = actionData?.errors ?? {};
  return (
    <>
      <p className="text-sm">
        <Link to={`/admin/seo?tab=${entry.kind}`} className="text-brand-800 hover:underline">
          ← Search-engine copy
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{entry.id ? "Edit a curated entry" : "New curated entry"}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form method="post" className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm" noValidate>
          {entry.id !== null && <input type="hidden" name="id" value={entry.id} />}
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-gray-800">The page it is for</legend>
            {(["act", "listing"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  defaultChecked={entry.kind === value}
                  onChange={() => setKind(value)}
                />
                {value === "act" ? "An act's profile" : "A listing page"}
              </label>
            ))}
            <FieldErrors errors={errors.kind} />
          </fieldset>
          <TextField
            label={KEY_FIELD[kind].label}
            name="key"
            defaultValue={entry.key}
            onChange={(event) => setKey(event.target.value)}
            placeholder={KEY_FIELD[kind].placeholder}
            required
            errors={errors.key}
          />
          <TextField
            label="Title"
            name="title"
            defaultValue={entry.title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={LIMITS.seoTitle}
            required
            errors={errors.title}
          />
          <TextAreaField
            label="Description"
            name="description"
            defaultValue={entry.description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={LIMITS.seoDescription}
            required
            errors={errors.description}
          />
          {kind === "listing" && (
            <TextAreaField
              label="Introduction (replaces the generated one; separate paragraphs with a blank line)"
              name="intro"
              rows={8}
              defaultValue={paragraphsToText(entry.intro)}
              errors={errors.intro}
            />
          )}
          {actionData && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {actionData.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Link
              to={`/admin/seo?tab=${entry.kind}`}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
            >
              Cancel
            </Link>
            <Button type="submit" disabled={submitting}>
              Save entry
            </Button>
          </div>
        </Form>
        <SerpPreview
          url={`${publicUrl}${seoEntryPath(kind, key.trim() || KEY_FIELD[kind].placeholder)}`}
          title={title}
          description={description}
        />
      </div>
    </>
  );
}
