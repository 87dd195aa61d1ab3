import { useEffect, useId, useState } from "react";
import { MESSAGES } from "#domain/messages";
import { reassignSchema } from "../schemas";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

interface Artist {
  url: string;
  name: string;
  email: string;
}

export function ReassignActDialog({ actUrl, actName }: { actUrl: string; actName: string }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [artists, setArtists] = useState<Artist[]>([]);
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const { run, pending } = useAction();
  const searchId = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await outcome(api.GET("/users/artists", { params: { query: { searchTerms: search } } }));
      if (current && result.ok) setArtists(result.data);
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, search]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = reassignSchema.safeParse({ act: chosen });
    if (!parsed.success) return setError([MESSAGES.accountRequired]);
    const result = await run(() =>
      outcome(api.POST("/acts/reassign/{actUrl}", { params: { path: { actUrl } }, body: parsed.data })),
    );
    if (result.ok) setOpen(false);
    else setError(result.error?.errors?.act);
  }

  return (
    <Dialog
      title="Reassign Act"
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Reassign</Button>}
    >
      <form onSubmit={submit} noValidate>
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          Reassigning {actName} moves it to the chosen entertainer account and removes its “For Internal Use Only” mark.
        </p>
        <label htmlFor={searchId} className="mt-4 block text-sm font-medium text-gray-800">
          Search entertainer accounts
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
        />
        <fieldset className="mt-3 max-h-60 overflow-y-auto" aria-describedby={error ? "reassign-error" : undefined}>
          <legend className="text-sm font-medium text-gray-800">Entertainer Account</legend>
          {artists.length === 0 ? (
            <p className="text-sm text-gray-700">No accounts found</p>
          ) : (
            artists.map((artist) => (
              <label key={artist.url} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="act"
                  value={artist.url}
                  checked={chosen === artist.url}
                  onChange={() => {
                    setChosen(artist.url);
                    setError(undefined);
                  }}
                />
                <span>
                  {artist.name} <span className="text-sm text-gray-700">({artist.email})</span>
                </span>
              </label>
            ))
          )}
        </fieldset>
        <FieldErrors id="reassign-error" errors={error} />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Reassign Act
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
