import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DatabaseHandle } from "../db/client";
import { jsonColumn } from "../db/json-column";
import type { MailTransport } from "./transport";

export const MAIL_CHANNEL = "mail_outbox";
/** How long a worker may hold a claimed mail before another may take it. */
const CLAIM_SECONDS = 120;
const BATCH = 20;

/** Seconds until the next try after this many failed attempts: 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface MailDeps {
  transport: MailTransport;
  logger: Logger;
  /** How a notification's row becomes its mail (the notifications module's, handed over at start). */
  notificationMail: NotificationMail;
}

/** A notification as the outbox holds it, and the mail it becomes: subject, both bodies, and headers of its own. */
export interface QueuedNotification {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string;
}
export type NotificationMail = (notification: QueuedNotification) => {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  attempts: number;
  user_id: string | null;
  kind: string | null;
  title: string | null;
  body: string | null;
  link: string | null;
}

/** The mail of a claimed row: a notification's is made from it now, other mail was written whole. */
function compose(row: ClaimedMail, deps: MailDeps) {
  if (row.kind && row.user_id && row.title && row.body && row.link) {
    const mail = deps.notificationMail({
      userId: row.user_id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
    });
    return { ...mail, headers: { ...jsonColumn<Record<string, string>>(row.headers), ...mail.headers } };
  }
  return {
    subject: row.subject ?? "",
    text: row.text ?? "",
    html: row.html ?? "",
    headers: jsonColumn<Record<string, string>>(row.headers),
  };
}

/**
 * Sends the mail that is due: claims up to a batch with FOR UPDATE SKIP LOCKED (so two
 * servers never send one row twice), sends each, and marks it sent, or leaves it for a later
 * try with a growing delay and the reason in the log. Nothing is ever dropped. Returns how
 * many were sent.
 */
export async function deliverDueMail(db: Database, deps: MailDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(
    sql`with due as (
          select id from mail_outbox
           where sent_at is null and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until < ${at}::timestamptz)
           order by id limit ${BATCH}
           for update skip locked),
        claimed as (
          update mail_outbox m set locked_until = ${at}::timestamptz + make_interval(secs => ${CLAIM_SECONDS}), attempts = m.attempts + 1
            from due where m.id = due.id
          returning m.*)
        select c.id, c.recipient, c.subject, c.text, c.html, c.headers, c.attempts, n.user_id, n.kind, n.title, n.body, n.link
          from claimed c left join notifications n on n.id = c.notification_id
         order by c.id`,
  );
  const claimed = (result as unknown as { rows: ClaimedMail[] }).rows;
  let sent = 0;
  for (const row of claimed) {
    try {
      await deps.transport.send({ to: row.recipient, ...compose(row, deps) });
      await db.execute(
        sql`update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent += 1;
    } catch (error) {
      const delay = retryDelaySeconds(row.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      await db.execute(
        sql`update mail_outbox set locked_until = null, last_error = ${reason.slice(0, 1000)}, next_attempt_at = ${at}::timestamptz + make_interval(secs => ${delay})
             where id = ${row.id}`,
      );
      deps.logger.warn(
        { mailId: row.id, attempts: row.attempts, retryInSeconds: delay, err: reason, via: deps.transport.describe },
        "mail not sent; will retry",
      );
    }
  }
  return sent;
}

/**
 * Runs deliverDueMail now and whenever a change writes mail (a NOTIFY), one pass at a time
 * per process; mail due again after a failed try is sent by the `mail-retry` job, which calls
 * `pass` (server/jobs/).
 */
export async function startMailWorker(database: DatabaseHandle, deps: MailDeps) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    if (stopped) return running;
    running = running
      .then(() => deliverDueMail(database.db, deps))
      .catch((error: unknown) => deps.logger.error({ err: error }, "mail worker pass failed"));
    return running;
  };
  const stopListening = await database
    .listen(
      MAIL_CHANNEL,
      () => void pass(),
      () => undefined,
    )
    .catch(() => async () => undefined);
  void pass();
  return {
    pass,
    /** Waits for the pass in flight, then stops. */
    stop: async () => {
      stopped = true;
      await stopListening();
      await running;
      deps.transport.close();
    },
  };
}
