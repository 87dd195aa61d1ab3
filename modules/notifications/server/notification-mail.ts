import { renderNotificationMail } from "#server/mail/render";
import type { NotificationMail } from "#server/mail/outbox";
import { isNotificationKind, NOTIFICATIONS } from "../notifications";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * How the outbox turns a notification into its mail (handed to the mail worker at start): the
 * one template, the kind's action, and the one-click unsubscribe link of that kind (RFC 8058),
 * signed with the auth secret.
 */
export function notificationMailer(deps: { appName: string; publicUrl: string; secret: string }): NotificationMail {
  return ({ userId, kind, title, body, link }) => {
    if (!isNotificationKind(kind)) throw new Error(`No such notification kind: ${kind}`);
    const unsubscribeUrl = `${deps.publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.secret, userId, kind))}`;
    const mail = renderNotificationMail({
      appName: deps.appName,
      publicUrl: deps.publicUrl,
      text: { title, body, link },
      action: NOTIFICATIONS[kind].action,
      unsubscribeUrl,
      settingsUrl: `${deps.publicUrl}/account`,
    });
    return {
      ...mail,
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  };
}
