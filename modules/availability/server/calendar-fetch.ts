import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AVAILABILITY, AVAILABILITY_MESSAGES, fetchableCalendarUrl } from "../availability";

/**
 * Reading a calendar address a user gave us is a request our server makes on their behalf, so
 * it must not reach what only our server can reach: loopback, private, link-local and other
 * special networks are refused, checked on the address actually connected to (after DNS, and
 * again after each redirect), with a size and a time limit.
 */
export class CalendarFetchError extends Error {}

const SPECIAL_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  SPECIAL_NETWORKS.addSubnet(network, prefix, "ipv4");
// IPv6 forms that carry an IPv4 address (compatible ::a.b.c.d, translated, NAT64, 6to4, Teredo)
// are refused whole (IPv4-mapped ones are checked as the IPv4 address they carry): reaching a public IPv4 calendar through one of them is no need.
for (const [network, prefix] of [
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2001::", 32],
  ["2002::", 16],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  SPECIAL_NETWORKS.addSubnet(network, prefix, "ipv6");

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * Whether an address is one a user's calendar may not point us at (IPv4-mapped IPv6 included).
 * With `allowLoopback` (CALENDAR_ALLOW_PRIVATE_URLS, for a test's local server) loopback is
 * read, and every other special network is still refused, so redirects into them stay tested.
 */
export function isSpecialAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (allowLoopback && LOOPBACK.check(address, type)) return false;
  return SPECIAL_NETWORKS.check(address, type);
}

/** A DNS lookup that refuses a name when any address it resolves to is special. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as { address: string; family: number }[];
      if (list.some((entry) => isSpecialAddress(entry.address, allowPrivate))) {
        return callback(Object.assign(new Error(AVAILABILITY_MESSAGES.calendarPrivate), { code: "EPRIVATE" }), "", 0);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else one.
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, all: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

interface Answer {
  status: number;
  location: string | undefined;
  body: Buffer;
}

/** One GET, its body read up to the limit. */
function get(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(allowPrivate),
        signal,
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "EVA calendar reader" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location, body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > AVAILABILITY.feedMaxBytes) {
          response.destroy();
          return reject(new CalendarFetchError(AVAILABILITY_MESSAGES.calendarTooBig));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > AVAILABILITY.feedMaxBytes) {
            response.destroy();
            reject(new CalendarFetchError(AVAILABILITY_MESSAGES.calendarTooBig));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/**
 * Why a request failed, as the artist reads it: a refused private address and a file too big
 * say so; every failure to connect or to get a calendar is one message (see calendarUnreachable).
 */
function reason(error: unknown): string {
  if (error instanceof CalendarFetchError) return error.message;
  if ((error as { code?: string }).code === "EPRIVATE") return AVAILABILITY_MESSAGES.calendarPrivate;
  return AVAILABILITY_MESSAGES.calendarUnreachable;
}

/**
 * The text at a calendar address (webcal:// read as https://), following at most
 * AVAILABILITY.feedMaxRedirects redirects, each checked like the first. Throws CalendarFetchError
 * with the message the artist sees.
 */
export async function fetchCalendar(
  address: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? AVAILABILITY.feedTimeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(fetchableCalendarUrl(address));
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new CalendarFetchError(AVAILABILITY_MESSAGES.calendarUrl);
    // A literal address is connected to without a lookup, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isSpecialAddress(host, options.allowPrivate))
      throw new CalendarFetchError(AVAILABILITY_MESSAGES.calendarPrivate);
    let answer: Answer;
    try {
      answer = await get(url, options.allowPrivate, signal);
    } catch (error) {
      throw new CalendarFetchError(reason(error));
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (redirects >= AVAILABILITY.feedMaxRedirects)
        throw new CalendarFetchError(AVAILABILITY_MESSAGES.calendarUnreachable);
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status !== 200) throw new CalendarFetchError(AVAILABILITY_MESSAGES.calendarUnreachable);
    return answer.body.toString("utf8");
  }
}
