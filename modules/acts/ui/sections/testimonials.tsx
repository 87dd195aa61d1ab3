import { useState } from "react";
import type { ProfileTestimonial } from "#modules/acts/act-profile";
import { MESSAGES, OWN_EMPTY_STATES } from "#domain/messages";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { EmptyState, Section } from "#ui/section";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { ReorderList } from "#modules/content/ui";
import { TestimonialDialog } from "#modules/content/ui";
import type { SectionProps } from "../types";

export function Testimonials({ act, can }: SectionProps) {
  const [reordering, setReordering] = useState(false);
  const actions =
    can.manage && !reordering ? (
      <>
        <TestimonialDialog actUrl={act.url} trigger={<Button variant="secondary">Add Testimonial</Button>} />
        {act.testimonials.length > 1 && (
          <Button variant="secondary" onClick={() => setReordering(true)}>
            Reorder
          </Button>
        )}
      </>
    ) : null;
  return (
    <Section id="testimonials" title="Testimonials" actions={actions}>
      {act.testimonials.length === 0 ? (
        <EmptyState>{act.viewer.isManager ? OWN_EMPTY_STATES.testimonials : MESSAGES.noTestimonials}</EmptyState>
      ) : reordering ? (
        <ReorderList
          items={act.testimonials}
          endpoint="/testimonials/order-testimonial"
          label={(item) => `testimonial from ${item.name}`}
          render={(item) => <Quote item={item} />}
          onDone={() => setReordering(false)}
        />
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Testimonials">
          {act.testimonials.map((item) => (
            <li key={item.id}>
              <Quote item={item} />
              {can.manage && (
                <div className="mt-2 flex gap-2">
                  <TestimonialDialog
                    actUrl={act.url}
                    testimonial={item}
                    trigger={
                      <Button variant="secondary" className="px-3 py-1">
                        Edit<span className="sr-only"> testimonial from {item.name}</span>
                      </Button>
                    }
                  />
                  <DeleteTestimonial item={item} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Quote({ item }: { item: ProfileTestimonial }) {
  const role = [item.org_position, item.organization].filter(Boolean).join(", ");
  return (
    <figure>
      <blockquote className="whitespace-pre-line text-gray-800">“{item.content}”</blockquote>
      <figcaption className="mt-1 text-sm text-gray-700">
        — <span className="font-semibold">{item.name}</span>
        {role && <>, {role}</>}
      </figcaption>
    </figure>
  );
}

function DeleteTestimonial({ item }: { item: ProfileTestimonial }) {
  const { run } = useAction();
  return (
    <ConfirmDialog
      title="Delete Testimonial"
      body={<p>Delete the testimonial from {item.name}?</p>}
      confirmLabel="Delete Testimonial"
      trigger={
        <Button variant="secondary" className="px-3 py-1">
          Delete<span className="sr-only"> testimonial from {item.name}</span>
        </Button>
      }
      onConfirm={() =>
        run(() => outcome(api.POST("/testimonials/delete-testimonial/{id}", { params: { path: { id: item.id } } })), {
          quietFailure: true,
        })
      }
    />
  );
}
