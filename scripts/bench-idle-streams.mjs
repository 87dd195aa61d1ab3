// Holds idle conversation streams open for `npm run bench`, in a process of its own: 10,000
// readers are 10,000 people's browsers, not the measuring client's load. Held in the bench's own
// process, their sockets and buffers were its garbage to collect, and a collection that paused
// it while a message was on its way counted as the message's delay.
//
// Usage: node scripts/bench-idle-streams.mjs BASE CONVERSATION COOKIE COUNT
// Prints `open N` when N streams are open, and holds them until its input closes.
import http from "node:http";

const [base, conversation, cookie, countText] = process.argv.slice(2);
const count = Number(countText);
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

// From the conversation's last message on, as a browser opening the thread asks.
const thread = await (await fetch(`${base}/api/conversations/${conversation}`, { headers: { cookie } })).json();
const after = thread.data.messages.at(-1)?.id ?? 0;
const url = new URL(`/api/conversations/${conversation}/stream?after=${after}`, base);

/** One stream, open once its answer's headers came; its body is read and dropped, as a quiet tab's. */
const openOne = () =>
  new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`opening a stream: ${response.statusCode}`));
      response.resume();
      resolve(request);
    });
    request.on("error", reject);
  });

const requests = [];
for (let i = 0; i < count; i += 100)
  requests.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, openOne))));
process.stdout.write(`open ${requests.length}\n`);

process.stdin.resume();
process.stdin.on("end", () => {
  for (const request of requests) request.destroy();
  process.exit(0);
});
