import { type Context, Hono } from "hono";
import { NOTIFICATIONS } from "../notifications";
import type { AppEnv } from "#server/http/app-env";
import { escapeHtml } from "#server/mail/render";
import { readUnsubscribeToken } from "./unsubscribe-token";
import { setEmailEnabled } from "./notifications";

function page(appName: string, title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(appName)}</title>
<style>body{font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;margin:0;padding:2rem 1rem}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:.5rem;padding:1.5rem}button{background:#5b21b6;color:#fff;border:0;border-radius:.375rem;padding:.625rem 1rem;font-weight:600;font-size:1rem;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #7c3aed;outline-offset:2px}a{color:#5b21b6}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The unsubscribe link of every notification mail: GET asks, POST does it (and mail
 * programs POST on their own: List-Unsubscribe-Post, RFC 8058). The signed token says who
 * and which kind, so no sign-in is needed.
 */
export function unsubscribeRoutes(appName: string, secret: string) {
  const invalid = (c: Context<AppEnv>) =>
    c.html(
      page(
        appName,
        "This link does not work",
        `<p>Open your <a href="/account">account page</a> to choose which emails you get.</p>`,
      ),
      400,
    );
  return new Hono<AppEnv>()
    .get("/unsubscribe", (c) => {
      const token = c.req.query("token") ?? "";
      const named = readUnsubscribeToken(secret, token);
      if (!named) return invalid(c);
      const label = NOTIFICATIONS[named.kind].setting.toLowerCase();
      return c.html(
        page(
          appName,
          "Stop these emails?",
          `<p>You get an email when ${escapeHtml(label)}.</p><form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Stop these emails</button></form><p>Or choose on your <a href="/account">account page</a>.</p>`,
        ),
      );
    })
    .post("/unsubscribe", async (c) => {
      const named = readUnsubscribeToken(secret, c.req.query("token") ?? "");
      if (!named) return invalid(c);
      await setEmailEnabled(c.get("db"), named.userId, named.kind, false);
      const label = NOTIFICATIONS[named.kind].setting.toLowerCase();
      return c.html(
        page(
          appName,
          "Done",
          `<p>You will no longer get an email when ${escapeHtml(label)}. Turn it back on from your <a href="/account">account page</a>.</p>`,
        ),
      );
    });
}
