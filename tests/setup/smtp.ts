import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server (smtp-server from npm) on a local port, keeping every mail it receives,
 * parsed. `stop` and `start` take it down and bring it back on the same port.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  let port = 0;
  const start = () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => void received.push(mail))
          .then(() => done(), done);
      },
    });
    return new Promise<void>((resolve) =>
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      }),
    );
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await start();
  return { received, url: `smtp://127.0.0.1:${port}`, start, stop };
}

/** The first recipient's address. */
export const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
