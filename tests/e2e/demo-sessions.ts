/** Signs demo accounts in against a running app server, for page requests made with fetch. */
export const DEMO = {
  admin: "admin@example.com",
  owner: "artist@example.com",
  otherArtist: "artist2@example.com",
  planner: "planner@example.com",
  planner2: "planner2@example.com",
} as const;
export type DemoRole = keyof typeof DEMO | "guest";

export function sessionsFor(baseUrl: string) {
  const cookies = new Map<DemoRole, string>();
  return async function cookieFor(role: DemoRole): Promise<string | undefined> {
    if (role === "guest") return undefined;
    const known = cookies.get(role);
    if (known) return known;
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email: DEMO[role], password: "demo-password" }),
    });
    if (!response.ok) throw new Error(`sign-in failed for ${role}: ${response.status}`);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.includes("session_token="))!
      .split(";")[0]!;
    cookies.set(role, cookie);
    return cookie;
  };
}
