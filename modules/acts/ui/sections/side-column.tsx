import { useState } from "react";
import { Link } from "react-router";
import type { ProfilePackage } from "#modules/acts/act-profile";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { OfferingDialog } from "#modules/content/ui";
import { ReorderList } from "#modules/content/ui";
import { MESSAGES, OWN_EMPTY_STATES } from "#domain/messages";
import { formatPrice, priceRangeText } from "#domain/prices";
import { BOOK_INSTANTLY } from "#modules/content/instant";
import { POLICY_WORDS } from "#modules/bookings/money";
import { takesLine } from "#modules/acts/takes";
import { Button } from "#ui/button";
import { InviteToEventDialog } from "#modules/bookings/ui";
import { MessageActDialog } from "#modules/conversations/ui";
import { ShortlistHeart } from "#modules/discovery/ui";
import { CheckAvailability } from "#modules/availability/ui";
import { EmptyState, Section } from "#ui/section";
import type { SectionProps } from "../types";

/** Offerings, then the booking block and the price note. */
export function SideColumn({ act, can, shortlisted, threads, availability = null }: SectionProps) {
  const [reordering, setReordering] = useState(false);
  const actions =
    can.manage && !reordering ? (
      <>
        <OfferingDialog act={act} trigger={<Button variant="secondary">Add Offering</Button>} />
        {act.packages.length > 1 && (
          <Button variant="secondary" onClick={() => setReordering(true)}>
            Reorder
          </Button>
        )}
      </>
    ) : null;
  return (
    <div className="flex flex-col gap-6">
      <Section id="offerings" title="Offerings" actions={actions}>
        {act.packages.length === 0 ? (
          <EmptyState>{act.viewer.isManager ? OWN_EMPTY_STATES.offerings : MESSAGES.noOfferings}</EmptyState>
        ) : reordering ? (
          <ReorderList
            items={act.packages}
            endpoint="/packages/order-package"
            label={(item) => item.title}
            render={(item) => <Offering item={item} />}
            onDone={() => setReordering(false)}
          />
        ) : (
          <ol className="flex flex-col gap-4" aria-label="Offerings">
            {act.packages.map((item) => (
              <li key={item.id} className="border-b border-gray-100 pb-3 last:border-0 last:pb-0">
                <Offering item={item} />
                {item.instant && (can.invite || can.signUpToBook) && (
                  <Link
                    to={`/book/${act.url}/${item.id}`}
                    className="mt-2 inline-block rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {BOOK_INSTANTLY}
                    <span className="sr-only">: {item.title}</span>
                  </Link>
                )}
                {can.manage && (
                  <div className="mt-2 flex gap-2">
                    <OfferingDialog
                      act={act}
                      offering={item}
                      trigger={
                        <Button variant="secondary" className="px-3 py-1">
                          Edit<span className="sr-only"> {item.title}</span>
                        </Button>
                      }
                    />
                    <DeleteOffering item={item} />
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>
      {act.active && (
        <CheckAvailability
          actUrl={act.url}
          actName={act.name}
          checked={availability}
          asker={can.signUpToBook ? "guest" : can.invite ? "planner" : null}
        />
      )}
      <BookingBlock act={act} can={can} shortlisted={shortlisted} threads={threads} />
      {can.priceEstimateNote && (
        <aside
          aria-label="About prices"
          className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          Prices shown are estimates. The entertainer confirms the final price in their offer.
        </aside>
      )}
    </div>
  );
}

function Offering({ item }: { item: ProfilePackage }) {
  return (
    <>
      <h3 className="font-semibold">{item.title}</h3>
      {item.price_from_cents !== null && (
        <p className="mt-0.5 font-semibold text-emerald-800">
          {priceRangeText(item.price_from_cents, item.price_to_cents)}
        </p>
      )}
      <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{item.description}</p>
      {item.eventTypes.length > 0 && (
        <p className="mt-1 text-xs text-gray-700">For: {item.eventTypes.map((tag) => tag.name).join(", ")}</p>
      )}
      {item.instant && (
        <p className="mt-1 text-sm text-gray-800">
          <span className="font-semibold">Bookable at once:</span> {formatPrice(item.instant.price_cents)}
          {item.instant.deposit_cents > 0 ? `, deposit ${formatPrice(item.instant.deposit_cents)}` : ", no deposit"},{" "}
          {POLICY_WORDS[item.instant.cancellation_policy].name.toLowerCase()} cancellation; travel added for your place.
        </p>
      )}
    </>
  );
}

function DeleteOffering({ item }: { item: ProfilePackage }) {
  const { run } = useAction();
  return (
    <ConfirmDialog
      title="Delete Offering"
      body={<p>Delete the offering “{item.title}”?</p>}
      confirmLabel="Delete Offering"
      trigger={
        <Button variant="secondary" className="px-3 py-1">
          Delete<span className="sr-only"> {item.title}</span>
        </Button>
      }
      onConfirm={() =>
        run(() => outcome(api.POST("/packages/soft-delete/{id}", { params: { path: { id: item.id } } })), {
          quietFailure: true,
        })
      }
    />
  );
}

function BookingBlock({ act, can, shortlisted = false, threads = [] }: SectionProps) {
  if (can.signUpToBook) {
    return (
      <section aria-label="Book this act" className="rounded-lg bg-brand-700 p-5 text-white shadow-sm">
        <p className="font-semibold">Want {act.name} at your event?</p>
        {act.takes && <p className="mt-1 text-sm">It takes: {takesLine(act.takes)}.</p>}
        <a
          href="#create-account"
          className="mt-3 inline-flex rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {MESSAGES.signUpToBook}
        </a>
      </section>
    );
  }
  if (can.invite) {
    return (
      <section
        id="book"
        aria-label="Book this act"
        className="flex scroll-mt-20 flex-col gap-2 rounded-lg bg-white p-5 shadow-sm"
      >
        {act.takes && (
          <p className="text-sm text-gray-800">
            <span className="font-semibold">{act.name} takes:</span> {takesLine(act.takes)}
          </p>
        )}
        <InviteToEventDialog actUrl={act.url} actName={act.name} takes={act.takes} />
        <MessageActDialog actUrl={act.url} actName={act.name} threads={threads} />
        <ShortlistHeart actUrl={act.url} actName={act.name} saved={shortlisted} />
        <Link
          to={`/events/add-event?actUrl=${encodeURIComponent(act.url)}`}
          className="text-center text-sm text-brand-800 underline"
        >
          Create a new event and invite {act.name}
        </Link>
      </section>
    );
  }
  return null;
}
