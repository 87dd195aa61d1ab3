import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_LABELS } from "#modules/acts/act-profile";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { IMAGE_ACCEPT } from "#modules/files/file-types";
import { LIMITS } from "#domain/limits";
import { DESCRIPTION_MAX, MAX_ADDITIONAL_LOCATIONS, actUpdateSchema } from "#modules/acts/schemas";
import { Button } from "#ui/button";
import { FieldErrors, TextAreaField } from "#ui/form-fields";
import { PlaceCombobox } from "#ui/place-combobox";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { fileUrl } from "#modules/files/file-urls";
import { uploadFile } from "#ui/lib/upload";
import { useAction } from "#ui/lib/use-action";
import { loadUpdateProfile } from "./entertainment.update.$actUrl.server";
import { ActFactFields } from "#modules/acts/ui";
import type { Route } from "./+types/entertainment.update.$actUrl";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Update Profile - ${data?.profile.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadUpdateProfile(context, url, params.actUrl);
}

export default function UpdateProfile({ loaderData }: Route.ComponentProps) {
  const { profile, isAdmin, isManager } = loaderData;
  const navigate = useNavigate();
  const { run, pending } = useAction();
  const [errors, setErrors] = useState<Errors>({});
  const [avatar, setAvatar] = useState(profile.avatar);
  const [locations, setLocations] = useState(profile.additionalLocations.map((item) => item.location));
  const [values, setValues] = useState({
    name: profile.name,
    headline: profile.headline ?? "",
    description: profile.description ?? "",
    location: profile.location ?? "",
    compare_to: profile.compare_to ?? "",
    corporate_event_experience: profile.corporate_event_experience ?? "",
    additional_info: profile.additional_info ?? "",
  });
  const [social, setSocial] = useState(() =>
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, profile.social[network] ?? ""])),
  );
  const [corporate, setCorporate] = useState(profile.has_performed_corporate_event);
  const [facts, setFacts] = useState(profile.facts);
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    errors: errors[name],
  });

  async function changeAvatar(file: File | undefined) {
    if (!file) return;
    const result = await uploadFile(file, "avatar");
    if (result.ok) {
      setAvatar(result.data.path);
      setErrors(({ avatar: _dropped, ...rest }) => rest);
    } else setErrors((current) => ({ ...current, avatar: [result.error?.message ?? "Upload failed"] }));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      ...values,
      avatar,
      additionalLocations: locations,
      social,
      has_performed_corporate_event: corporate,
      facts,
      ...(isAdmin ? {} : { additional_info: undefined }),
    };
    const parsed = actUpdateSchema.safeParse(body);
    if (!parsed.success) {
      return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    }
    setErrors({});
    const result = await run(() =>
      outcome(api.POST("/acts/update/{actUrl}", { params: { path: { actUrl: profile.url } }, body })),
    );
    if (result.ok) navigate(`/entertainment/${profile.url}`);
    else if (result.error?.errors) setErrors(result.error.errors);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mx-auto flex max-w-3xl flex-col gap-6"
      aria-labelledby="update-heading"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="update-heading" className="text-2xl font-bold">
          Update Profile: {profile.name}
        </h1>
        <Link to={`/entertainment/${profile.url}`} className="text-sm text-brand-800 underline">
          Back to the profile
        </Link>
      </div>
      {isManager && !profile.application_complete && <SubmitApplication actUrl={profile.url} />}
      <section className="flex flex-col gap-4 rounded-lg bg-white p-5 shadow-sm" aria-label="Basics">
        <div className="flex items-center gap-4">
          {avatar ? (
            <img
              src={fileUrl(avatar)}
              alt="Current avatar"
              width={80}
              height={80}
              className="h-20 w-20 rounded-full object-cover"
            />
          ) : (
            <div aria-hidden className="h-20 w-20 rounded-full bg-brand-100" />
          )}
          <label className="text-sm font-medium text-gray-800">
            Avatar (JPEG, PNG, GIF, WebP or AVIF)
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => void changeAvatar(event.target.files?.[0])}
              className="mt-1 block w-full min-w-0 text-sm font-normal"
            />
          </label>
        </div>
        <FieldErrors errors={errors.avatar} />
        <TextField label="Name" {...field("name")} maxLength={LIMITS.name} />
        <TextField label="Headline" {...field("headline")} maxLength={LIMITS.title} />
        <TextAreaField
          label="Description"
          {...field("description")}
          max={DESCRIPTION_MAX}
          length={values.description.length}
        />
        <TextField label="Compare to" {...field("compare_to")} />
      </section>
      <section className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" aria-label="Locations">
        <PlaceCombobox
          label="Location"
          name="location"
          value={values.location}
          onValueChange={(location) => setValues((current) => ({ ...current, location }))}
          errors={errors.location}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-gray-800">Additional locations</legend>
          {locations.map((location, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: unsaved rows have no id; a row is its place in the list, which is what its label says.
            <div key={index} className="flex items-end gap-2">
              <div className="flex-1">
                <PlaceCombobox
                  label={`Additional location ${index + 1}`}
                  name={`additionalLocations.${index}`}
                  value={location}
                  onValueChange={(next) =>
                    setLocations((current) => current.map((item, at) => (at === index ? next : item)))
                  }
                  errors={errors[`additionalLocations.${index}`]}
                />
              </div>
              <Button
                type="button"
                variant="secondary"
                onClick={() => setLocations((current) => current.filter((_, at) => at !== index))}
              >
                Remove<span className="sr-only"> additional location {index + 1}</span>
              </Button>
            </div>
          ))}
          {locations.length < MAX_ADDITIONAL_LOCATIONS && (
            <Button
              type="button"
              variant="secondary"
              className="self-start"
              onClick={() => setLocations((current) => [...current, ""])}
            >
              Add a location
            </Button>
          )}
          <FieldErrors errors={errors.additionalLocations} />
        </fieldset>
      </section>
      <section className="flex flex-col gap-4 rounded-lg bg-white p-5 shadow-sm" aria-label="Performs">
        <ActFactFields facts={facts} onChange={setFacts} errors={errors} />
      </section>
      <section className="grid gap-3 rounded-lg bg-white p-5 shadow-sm sm:grid-cols-2" aria-label="Social links">
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            label={SOCIAL_NETWORK_LABELS[network]}
            name={`social.${network}`}
            type="url"
            placeholder="https://"
            value={social[network] ?? ""}
            onChange={(event) => setSocial((current) => ({ ...current, [network]: event.target.value }))}
            errors={errors[`social.${network}`]}
          />
        ))}
      </section>
      <section className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" aria-label="Corporate events">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={corporate} onChange={(event) => setCorporate(event.target.checked)} /> Has
          performed at corporate events
        </label>
        <TextAreaField
          label="Corporate event experience"
          {...field("corporate_event_experience")}
          max={LIMITS.testimonialContent}
          length={values.corporate_event_experience.length}
        />
        {isAdmin && (
          <TextAreaField
            label="Additional Info (admins only)"
            {...field("additional_info")}
            max={LIMITS.testimonialContent}
            length={values.additional_info.length}
          />
        )}
      </section>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          Some fields need attention.
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}

function SubmitApplication({ actUrl }: { actUrl: string }) {
  const { run, pending } = useAction();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-200">
      <p className="text-sm">This act is a draft. Submit it when the profile is ready; the EVA team will review it.</p>
      <Button
        type="button"
        disabled={pending}
        onClick={() =>
          void run(() => outcome(api.POST("/acts/submit-application/{actUrl}", { params: { path: { actUrl } } })))
        }
      >
        Submit for Approval
      </Button>
    </div>
  );
}
