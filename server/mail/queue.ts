import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { MAIL_CHANNEL } from "./outbox";
import type { RenderedMail } from "./render";

/** Puts a finished mail in the outbox; the worker sends it like any other, with retries. */
export async function queueMail(db: Executor, to: string, mail: RenderedMail): Promise<void> {
  await db.execute(
    sql`insert into mail_outbox (recipient, subject, text, html) values (${to}, ${mail.subject}, ${mail.text}, ${mail.html})`,
  );
  await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}
