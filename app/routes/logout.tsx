import { redirect } from "react-router";
import { forwardCookies } from "../lib/api-errors";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const response = await context.apiFetch("/api/auth/sign-out", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return redirect("/", { headers: forwardCookies(response) });
}

export function loader() {
  return redirect("/");
}
