// The session's cookie as the edge reads it (better-auth's, with our prefix "eva", which
// modules/accounts/server/auth.ts gives it), and the client address header our edge sets:
// the platform's, so that the edge knows a session without knowing who signs people in.

/** The header our own middleware sets from the socket; clients cannot choose it. */
export const CLIENT_IP_HEADER = "x-eva-client-ip";

/** Whether a Cookie header carries our session cookie (better-auth's, with our prefix). */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?eva\.session_token=/;
const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?eva\.session_token=([^;]*)/;

/** The session cookie's value in a Cookie header, or undefined when it carries none. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return SESSION_TOKEN.exec(cookieHeader ?? "")?.[1];
}

/**
 * The session's token as the sessions table holds it: the cookie carries it signed
 * ("<token>.<signature>", percent-encoded), or undefined without one.
 */
export function sessionTokenIn(cookieHeader: string | undefined): string | undefined {
  const value = sessionTokenOf(cookieHeader);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value).split(".")[0] || undefined;
  } catch {
    return undefined;
  }
}
