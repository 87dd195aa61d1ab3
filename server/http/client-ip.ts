import type { Context } from "hono";
import { CLIENT_IP_HEADER } from "./session-cookie";
import type { AppEnv } from "./app-env";

/** The socket's address: the only client IP we trust, because no header can forge it. */
export function socketAddress(c: Context<AppEnv>): string | undefined {
  return c.env?.incoming?.socket?.remoteAddress ?? undefined;
}

/** A copy of the request with our client-IP header set from the socket, never from the client. */
export function withClientIp(request: Request, ip: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip.replace(/^::ffff:/, ""));
  return new Request(request, { headers });
}
