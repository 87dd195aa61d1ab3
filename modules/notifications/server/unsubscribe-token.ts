import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "../notifications";

/**
 * The token of a mail's unsubscribe link: who and which kind, signed with the auth secret,
 * so the link works without signing in (mail programs call it on their own, RFC 8058) and
 * cannot be made for someone else.
 */
const signature = (secret: string, userId: string, kind: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${Buffer.from(userId).toString("base64url")}.${kind}.${signature(secret, userId, kind)}`;
}

/** The user and kind a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [encodedUser, kind, given] = token.split(".");
  if (!encodedUser || !given || !isNotificationKind(kind)) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString();
  const expected = Buffer.from(signature(secret, userId, kind));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { userId, kind } : null;
}
