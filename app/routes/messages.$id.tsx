import { decimalId } from "#domain/schemas/fields";
import { useEffect, useRef, useState } from "react";
import { fieldMessagesText } from "#domain/api-error";
import { Form, Link, useNavigation } from "react-router";
import { LIMITS } from "#domain/limits";
import { conversationTitle } from "#modules/conversations/conversations";
import type { ConversationMessage } from "#modules/conversations/answers";
import { LocalTime } from "#ui/local-time";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { AcceptOfferDialog } from "#modules/bookings/ui";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { Button } from "#ui/button";
import { messageSchema } from "#modules/conversations/schemas";
import { notFound } from "#server/errors";
import { runCommand } from "#server/render/page-command";
import { findReadableConversation, postMessage } from "#modules/conversations/server";
import { loadConversation } from "./messages.server";
import type { Route } from "./+types/messages.$id";

export function meta({ data }: Route.MetaArgs) {
  const title = data ? conversationTitle(data.conversation) : "Conversation";
  return [{ title: `${title} - Messages` }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadConversation(context, url, params.id);
}

/** Writing a message runs the API's command (who may write, the hourly limit, the other side told). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const id = decimalId(params.id);
  const result = await runCommand(
    context,
    messageSchema,
    { body: form.get("body") ?? "" },
    async ({ db, viewer }, input) => {
      if (id === null) throw notFound("No such conversation");
      return postMessage(db, viewer, await findReadableConversation(db, viewer, id), input);
    },
  );
  if (result.ok) return { sent: true as const, message: "Sent", errors: {} as Record<string, string[]> };
  return { sent: false as const, message: result.message, errors: result.errors };
}

/** The booking a line of the process names ("… Booking K7TQ9MXA."), which the line links to. */
function bookingIn(body: string): string | null {
  return /\bBooking ([A-Z0-9]{6,12})\b/.exec(body)?.[1] ?? null;
}

/** What the invite, offer and booking lines say they are, in words as well as colour. */
const KIND_LABELS: Record<ConversationMessage["kind"], string | null> = {
  text: null,
  invite: "Invite",
  offer: "Offer",
  booking: "Booking",
};

/**
 * The messages written after the page was loaded, as they arrive on the conversation's event
 * stream; the browser reconnects after a drop and resumes from the last id it had.
 */
function useLiveMessages(conversationId: number, loaded: ConversationMessage[]): ConversationMessage[] {
  const [arrived, setArrived] = useState<ConversationMessage[]>([]);
  const after = useRef(loaded.at(-1)?.id ?? 0);
  useEffect(() => {
    const source = new EventSource(`/api/conversations/${conversationId}/stream?after=${after.current}`);
    source.addEventListener("message", (event) => {
      const message = JSON.parse(event.data as string) as ConversationMessage;
      setArrived((list) => (list.some((known) => known.id === message.id) ? list : [...list, message]));
    });
    return () => source.close();
  }, [conversationId]);
  const byId = new Map([...loaded, ...arrived].map((message) => [message.id, message]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, canWrite, waiting } = loaderData;
  const messages = useLiveMessages(conversation.id, conversation.messages);
  const submitting = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  // A sent message empties the box for the next one.
  useEffect(() => {
    if (actionData?.sent) form.current?.reset();
  }, [actionData]);
  const errors = actionData && !actionData.sent ? actionData.errors : {};
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm">
        <Link to="/messages" className="text-brand-800 underline">
          All messages
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {conversation.side === "act" ? (
          conversationTitle(conversation)
        ) : (
          <>
            <Link to={`/entertainment/${conversation.act.url}`} className="text-brand-900 underline">
              {conversation.act.name}
            </Link>
            {conversation.side === "reader" && ` and ${conversation.planner.name}`}
          </>
        )}
      </h1>
      <p className="text-sm text-gray-700">
        {conversation.event ? `About ${conversation.event.name}` : "No event yet"}
      </p>
      {waiting && <WaitingOfferCard actName={conversation.act.name} waiting={waiting} />}
      {/* New messages arrive live; a screen reader hears them as they come. */}
      <ol aria-label="Messages" aria-live="polite" className="mt-6 flex flex-col gap-3" data-testid="thread">
        {messages.map((message) => {
          const label = KIND_LABELS[message.kind];
          return (
            <li
              key={message.id}
              id={`message-${message.id}`}
              className={`max-w-[85%] rounded-lg p-3 shadow-sm ${label ? "self-center bg-amber-50 text-center" : message.mine ? "self-end bg-brand-100" : "self-start bg-white"}`}
            >
              <p className="text-xs font-semibold text-gray-700">
                {label ? `${label} · ` : ""}
                {message.mine ? "You" : (message.from?.name ?? "Someone no longer here")}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">{message.body}</p>
              {label && bookingIn(message.body) && (
                <p className="mt-1 text-sm">
                  <Link to={`/bookings/${bookingIn(message.body)}`} className="text-brand-800 underline">
                    Open booking {bookingIn(message.body)}
                  </Link>
                </p>
              )}
              <p className="mt-1 text-xs text-gray-600">
                <LocalTime instant={message.created_at} />
              </p>
            </li>
          );
        })}
      </ol>
      {canWrite ? (
        <Form method="post" ref={form} className="mt-6 flex flex-col gap-2" noValidate>
          <label htmlFor="message-body" className="text-sm font-medium">
            Your message
          </label>
          <textarea
            id="message-body"
            name="body"
            rows={4}
            maxLength={LIMITS.messageBody}
            required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? "message-body-error" : undefined}
            className="rounded-md border border-gray-300 px-3 py-2"
          />
          {errors.body && (
            <p id="message-body-error" className="text-sm text-red-700">
              {fieldMessagesText(errors.body)}
            </p>
          )}
          {actionData && !actionData.sent && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {actionData.message}
            </p>
          )}
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Sending…" : "Send"}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 text-sm text-gray-700">
          You are reading this conversation as an admin; only its two sides write in it.
        </p>
      )}
    </div>
  );
}

/** The act's offer that waits for the planner's answer, answered here where they talk. */
function WaitingOfferCard({
  actName,
  waiting,
}: {
  actName: string;
  waiting: NonNullable<Route.ComponentProps["loaderData"]["waiting"]>;
}) {
  const { run, pending } = useAction();
  const { offer, event } = waiting;
  return (
    <section aria-labelledby="waiting-offer" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="waiting-offer" className="font-semibold">
        {actName} offers {formatPrice(offer.price_cents)} for {event.name}
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        {offer.deposit_cents > 0 ? `Deposit ${formatPrice(offer.deposit_cents)}` : "No deposit"}
        {offer.expires_on && ` · open until ${formatShortCalendarDate(offer.expires_on)}`} · waiting for your answer
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <AcceptOfferDialog
          actName={actName}
          event={event}
          offer={offer}
          agreeing={waiting.accept}
          othersWaiting={waiting.othersWaiting}
        />
        <ConfirmDialog
          title={`Decline the offer of ${actName}?`}
          confirmLabel="Decline offer"
          body={
            <p>
              {actName} is told that you said no to {formatPrice(offer.price_cents)} for {event.name}. They may send
              another offer.
            </p>
          }
          trigger={
            <Button variant="secondary" className="px-3 py-1" disabled={pending}>
              Decline<span className="sr-only"> the offer from {actName}</span>
            </Button>
          }
          onConfirm={() =>
            run(() => outcome(api.POST("/offers/decline/{offerId}", { params: { path: { offerId: offer.id } } })))
          }
        />
      </div>
    </section>
  );
}
