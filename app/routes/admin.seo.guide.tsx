import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LIMITS } from "#domain/limits";
import { guideBodyToText, guideLinksToText } from "#modules/seo/seo";
import { Button } from "#ui/button";
import { TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { SerpPreview } from "#modules/seo/ui";
import { loadGuideEditor, saveGuide } from "./admin.seo.server";
import type { Route } from "./+types/admin.seo.guide";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.guide.slug ? "Edit a guide" : "New guide" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadGuideEditor(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return saveGuide(context, request, url);
}

export default function GuideEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { publicUrl } = loaderData;
  // After a refused save, the form shows what was sent; its inputs are uncontrolled (see the entry editor).
  const sent = actionData?.values;
  const guide = loaderData.guide;
  const initial = {
    slug: sent?.slug ?? guide.slug ?? "",
    title: sent?.title ?? guide.title,
    description: sent?.description ?? guide.description,
    body: sent?.body ?? guideBodyToText(guide),
    links: sent?.links ?? guideLinksToText(guide.links),
  };
  const submitting = useNavigation().state === "submitting";
  const [slug, setSlug] = useState(initial.slug);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [body, setBody] = useState(initial.body);
  const errors = actionData?.errors ?? {};
  // Without a description, the guide's first paragraph is what engines are given.
  const shownDescription =
    description.trim() ||
    body
      .split(/\n\s*\n/)[0]
      ?.replace(/^##.*$/m, "")
      .trim() ||
    "";
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/seo?tab=guide" className="text-brand-800 hover:underline">
          ← Search-engine copy
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{guide.slug ? "Edit a guide" : "New guide"}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form method="post" className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm" noValidate>
          {guide.slug && <input type="hidden" name="original" value={guide.slug} />}
          <TextField
            label="Address: /guides/…"
            name="slug"
            defaultValue={initial.slug}
            onChange={(event) => setSlug(event.target.value)}
            placeholder="choosing-a-wedding-band"
            maxLength={LIMITS.guideSlug}
            required
            errors={errors.slug}
          />
          <TextField
            label="Title"
            name="title"
            defaultValue={initial.title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={LIMITS.seoTitle}
            required
            errors={errors.title}
          />
          <TextAreaField
            label="Description (optional: the first paragraph stands in)"
            name="description"
            defaultValue={initial.description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={LIMITS.seoDescription}
            errors={errors.description}
          />
          <TextAreaField
            label="Text: separate paragraphs with a blank line; a line starting with ## opens a section with that heading"
            name="body"
            rows={16}
            defaultValue={initial.body}
            onChange={(event) => setBody(event.target.value)}
            required
            errors={errors.body}
          />
          <TextAreaField
            label="Links into the site, one a line: text | /path"
            name="links"
            rows={4}
            defaultValue={initial.links}
            placeholder="Wedding entertainers in Chicago, IL | /hire/wedding/chicago-il"
            errors={errors.links}
          />
          {actionData && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {actionData.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Link
              to="/admin/seo?tab=guide"
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
            >
              Cancel
            </Link>
            <Button type="submit" disabled={submitting}>
              Save guide
            </Button>
          </div>
        </Form>
        <SerpPreview url={`${publicUrl}/guides/${slug.trim() || "…"}`} title={title} description={shownDescription} />
      </div>
    </>
  );
}
