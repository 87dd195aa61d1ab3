import { useEffect, useState } from "react";
import type { ActProfile } from "#modules/acts/act-profile";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { tagSelectionSchema } from "../tag-schemas";
import { ACT_TYPES_NAME } from "#modules/discovery/search-filter";
import { TAG_TYPE_NAMES, type Tag, type TagType } from "#domain/tags";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

type Field = "genres" | "song-types" | "band-setups" | "tags";
const MUSICAL_GROUPS: { field: Field; legend: string; types: TagType[] }[] = [
  { field: "genres", legend: `${TAG_TYPE_NAMES.Genre.many} (up to 5)`, types: ["Genre"] },
  { field: "song-types", legend: TAG_TYPE_NAMES["Song Type"].many, types: ["Song Type"] },
  { field: "band-setups", legend: TAG_TYPE_NAMES["Band Setup"].many, types: ["Band Setup"] },
];
const OTHER_GROUPS: { field: Field; legend: string; types: TagType[] }[] = [
  { field: "tags", legend: `${ACT_TYPES_NAME} (up to 5)`, types: ["Variety Type", "Speaker Type"] },
];

function initialSelection(act: ActProfile): Record<Field, number[]> {
  const ids = (tags: Tag[]) => tags.map((tag) => tag.id);
  return {
    genres: ids(act.genres),
    "song-types": ids(act.songTypes),
    "band-setups": ids(act.bandSetups),
    tags: [...ids(act.varietyTypes), ...ids(act.speakerTypes)],
  };
}

/**
 * Edit Tags (admins, applied at once) and Request to Update Genres and Tags or Styles (the
 * act's artist) share this form and the one schema.
 */
export function TagsDialog({ act, mode }: { act: ActProfile; mode: "edit" | "request" }) {
  const [open, setOpen] = useState(false);
  const [allTags, setAllTags] = useState<Tag[]>([]);
  const [selected, setSelected] = useState(() => initialSelection(act));
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();
  const title = mode === "edit" ? "Edit Tags" : "Request to Update Genres and Tags or Styles";

  useEffect(() => {
    if (!open || allTags.length) return;
    void outcome(api.GET("/tags")).then((result) => result.ok && setAllTags(result.data));
  }, [open, allTags.length]);

  const toggle = (field: Field, id: number) =>
    setSelected((current) => ({
      ...current,
      [field]: current[field].includes(id) ? current[field].filter((item) => item !== id) : [...current[field], id],
    }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = act.musical
      ? {
          musical: true,
          genres: selected.genres,
          "song-types": selected["song-types"],
          "band-setups": selected["band-setups"],
        }
      : { musical: false, tags: selected.tags };
    const parsed = tagSelectionSchema.safeParse(body);
    if (!parsed.success) {
      return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    }
    setErrors({});
    const request = { params: { path: { actUrl: act.url } }, body: parsed.data };
    const result = await run(() =>
      outcome(
        mode === "edit"
          ? api.POST("/acts/edit-tags/{actUrl}", request)
          : api.POST("/acts/request-to-update-tags/{actUrl}", request),
      ),
    );
    if (result.ok) setOpen(false);
    else if (result.error?.errors) setErrors(result.error.errors);
  }

  const groups = act.musical ? MUSICAL_GROUPS : OTHER_GROUPS;
  return (
    <Dialog
      title={title}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary">
          {mode === "edit" ? "Edit Tags" : "Request to Update Genres and Tags or Styles"}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {groups.map((group) => (
          <fieldset key={group.field} aria-describedby={errors[group.field] ? `${group.field}-error` : undefined}>
            <legend className="font-semibold">{group.legend}</legend>
            <div className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
              {allTags
                .filter((tag) => group.types.includes(tag.type))
                .map((tag) => (
                  <label key={tag.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={selected[group.field].includes(tag.id)}
                      onChange={() => toggle(group.field, tag.id)}
                    />
                    {tag.name}
                  </label>
                ))}
            </div>
            <FieldErrors id={`${group.field}-error`} errors={errors[group.field]} />
          </fieldset>
        ))}
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {mode === "edit" ? "Save Tags" : "Send Request"}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
