import type { PageQuery, Paged } from "#domain/paging";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type FactsOf,
  type Notice,
  NOTIFICATION_FACTS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS,
  type NotificationKind,
} from "../notifications";
import type { Notification, NotificationSetting } from "../answers";
import type { Role } from "#domain/roles";
import type { Executor } from "#server/db/client";
import { notificationOptOuts, notifications } from "#modules/notifications/server/tables";
import { MAIL_CHANNEL } from "#server/mail/outbox";
import { forbidden } from "#server/errors";
import type { SessionUser } from "#domain/session-user";
import type { NotificationSettingInput } from "../schemas";

/**
 * Tells a user what happened: a row of their in-app list, and its email unless they turned
 * that kind off (or the caller says this one sends none). Call it inside the transaction of the change, so both happen or neither.
 */
export async function notify<K extends NotificationKind>(
  tx: Executor,
  userId: string | null,
  kind: K,
  facts: FactsOf<K>,
  options: { email?: boolean } = {},
): Promise<void> {
  if (!userId) return;
  const text = wordsOf(kind, facts);
  // One statement: the row, its email unless the kind sends none this time or the user turned it
  // off, and the mail workers woken at commit when there is one (they also look every few seconds).
  await tx.execute(sql`with notice as (
      insert into notifications (user_id, kind, title, body, link)
      values (${userId}, ${kind}, ${text.title}, ${text.body}, ${text.link})
      returning id),
    mail as (
      insert into mail_outbox (notification_id, recipient)
      select notice.id, u.email from notice, users u
      where ${options.email !== false} and u.id = ${userId}
        and not exists (select 1 from notification_opt_outs o where o.user_id = u.id and o.kind = ${kind})
      returning 1)
    select pg_notify(${MAIL_CHANNEL}, '') from mail`);
}

/** notify() for a notice decided elsewhere (a move of the booking process): its kind and facts travel together. */
export function notifyOf(tx: Executor, userId: string | null, notice: Notice, options: { email?: boolean } = {}) {
  // The union pairs each kind with its facts; TypeScript cannot follow that pairing into the generic call.
  return notify(tx, userId, notice.kind as NotificationKind, notice.facts as never, options);
}

/** A kind's words from its facts, parsed with the kind's schema first (a missing fact fails here, by name). */
function wordsOf<K extends NotificationKind>(kind: K, facts: FactsOf<K>) {
  const parsed = NOTIFICATION_FACTS[kind].parse(facts) as FactsOf<K>;
  return NOTIFICATIONS[kind].text(parsed);
}

/** A page of the user's notifications, newest first. */
export async function listNotifications(db: Executor, userId: string, paging: PageQuery): Promise<Paged<Notification>> {
  const mine = eq(notifications.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(notifications).where(mine),
  ]);
  return {
    data: rows.map(
      (row): Notification => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        created_at: row.createdAt.toISOString(),
        read: row.readAt !== null,
      }),
    ),
    meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 },
  };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** The kinds a role can receive: planners get offers; artists and admins (who manage acts) the rest. */
export function kindsFor(role: Role): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const recipient = NOTIFICATIONS[kind].recipient;
    if (recipient === "both") return true;
    if (recipient === "admin") return role === "ADMIN";
    return (recipient === "planner") === (role === "PLANNER");
  });
}

/** Each kind the user can receive, and whether its email is on. */
export async function notificationSettings(db: Executor, userId: string, role: Role): Promise<NotificationSetting[]> {
  const rows = await db
    .select({ kind: notificationOptOuts.kind })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  const off = new Set(rows.map((row) => row.kind));
  return kindsFor(role).map(
    (kind): NotificationSetting => ({ kind, label: NOTIFICATIONS[kind].setting, email: !off.has(kind) }),
  );
}

export async function setEmailEnabled(
  db: Executor,
  userId: string,
  kind: NotificationKind,
  enabled: boolean,
): Promise<void> {
  if (enabled)
    await db
      .delete(notificationOptOuts)
      .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.kind, kind)));
  else await db.insert(notificationOptOuts).values({ userId, kind }).onConflictDoNothing();
}

/** A person turns one kind of notification email on or off; a kind their role never receives is no setting of theirs. */
export async function saveEmailSetting(
  db: Executor,
  viewer: SessionUser,
  { kind, email }: NotificationSettingInput,
): Promise<NotificationSetting[]> {
  if (!kindsFor(viewer.role).includes(kind)) throw forbidden("Your account does not get this notification");
  await setEmailEnabled(db, viewer.id, kind, email);
  return notificationSettings(db, viewer.id, viewer.role);
}
