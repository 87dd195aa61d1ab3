import { MESSAGES } from "../../../../domain/messages";
import { Button } from "../../../components/ui/button";
import { EmptyState, Section } from "../../../components/ui/section";
import type { SectionProps } from "../types";

export function Testimonials({ act, can }: SectionProps) {
  return (
    <Section
      id="testimonials"
      title="Testimonials"
      actions={
        can.manage ? (
          <>
            <Button variant="secondary">Add Testimonial</Button>
            {act.testimonials.length > 1 && <Button variant="secondary">Reorder</Button>}
          </>
        ) : null
      }
    >
      {act.testimonials.length === 0 ? (
        <EmptyState>{MESSAGES.noTestimonials}</EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {act.testimonials.map((item) => (
            <li key={item.id}>
              <figure>
                <blockquote className="whitespace-pre-line text-gray-800">“{item.content}”</blockquote>
                <figcaption className="mt-1 text-sm text-gray-700">
                  — <span className="font-semibold">{item.name}</span>
                  {[item.org_position, item.organization].filter(Boolean).length > 0 && (
                    <>, {[item.org_position, item.organization].filter(Boolean).join(", ")}</>
                  )}
                </figcaption>
              </figure>
              {can.manage && (
                <div className="mt-2 flex gap-2">
                  <Button variant="secondary" className="px-3 py-1">
                    Edit<span className="sr-only"> testimonial from {item.name}</span>
                  </Button>
                  <Button variant="secondary" className="px-3 py-1">
                    Delete<span className="sr-only"> testimonial from {item.name}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
