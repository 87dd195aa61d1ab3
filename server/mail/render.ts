/** A mail ready to send: one template makes both parts. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail about the reader's own account (reset a password, confirm an address): the same
 * look, and no unsubscribe, since it answers something they asked for.
 */
export function renderAccountMail(input: {
  appName: string;
  title: string;
  body: string;
  action: string;
  url: string;
  note: string;
}): RenderedMail {
  const { appName, title, body, action, url, note } = input;
  const subject = `${title} | ${appName}`;
  const plain = [body, "", `${action}: ${url}`, "", note, "", "--", appName, ""].join("\n");
  const html = frame(
    appName,
    subject,
    title,
    body,
    action,
    url,
    `<p style="margin:0;font-size:12px;color:#4b5563">${escapeHtml(note)}</p>`,
  );
  return { subject, text: plain, html };
}

function frame(
  appName: string,
  subject: string,
  title: string,
  body: string,
  action: string,
  link: string,
  footer: string,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:system-ui,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="margin:0 0 16px;font-weight:700;color:#5b21b6">${escapeHtml(appName)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(title)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b21b6;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
${footer}
</td></tr>
</table>
</body></html>
`;
}

/**
 * The one template of every notification mail: the product's name, what happened, a link to
 * the page to act on, and how to stop this kind of mail. Plain text and HTML say the same.
 */
export function renderNotificationMail(input: {
  appName: string;
  publicUrl: string;
  /** What happened (the subject's and heading's title, the body) and the path of the page to act on. */
  text: { title: string; body: string; link: string };
  action: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): RenderedMail {
  const { appName, publicUrl, text, action, unsubscribeUrl, settingsUrl } = input;
  const link = `${publicUrl}${text.link}`;
  const subject = `${text.title} | ${appName}`;
  const plain = [
    text.body,
    "",
    `${action}: ${link}`,
    "",
    "--",
    `${appName}. You get this email because of your notification settings: ${settingsUrl}`,
    `Stop emails like this one: ${unsubscribeUrl}`,
    "",
  ].join("\n");
  const footer = `<p style="margin:0;font-size:12px;color:#4b5563">You get this email because of your <a href="${escapeHtml(settingsUrl)}" style="color:#4b5563">notification settings</a>. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563">Stop emails like this one</a>.</p>`;
  const html = frame(appName, subject, text.title, text.body, action, link, footer);
  return { subject, text: plain, html };
}
