import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../env";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the mail is accepted; rejects with the reason it was not. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the log. */
  describe: string;
  close(): void;
}

/** The folder mail is written to when no SMTP server is configured. */
export function mailFolder(dataDir: string): string {
  return join(dataDir, "mail");
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail is written as an .eml
 * file under DATA_DIR/mail, which any mail program opens.
 */
export function createMailTransport(env: Pick<Env, "smtpUrl" | "mailFrom" | "dataDir">): MailTransport {
  if (env.smtpUrl) {
    const smtp = nodemailer.createTransport(env.smtpUrl);
    return {
      describe: `SMTP ${new URL(env.smtpUrl).host}`,
      send: async (mail) => {
        await smtp.sendMail({ from: env.mailFrom, ...mail });
      },
      close: () => smtp.close(),
    };
  }
  const folder = mailFolder(env.dataDir);
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    describe: `files in ${folder}`,
    send: async (mail) => {
      const info = await files.sendMail({ from: env.mailFrom, ...mail });
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}-${sequence}.eml`;
      await writeFile(join(folder, name), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
