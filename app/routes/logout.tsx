import { redirect } from "react-router";
import { forwardCookies } from "#ui/lib/api-errors";
import { postJson } from "../lib/post-json.server";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const response = await postJson(context, "/api/auth/sign-out", {});
  return redirect("/", { headers: forwardCookies(response) });
}

export function loader() {
  return redirect("/");
}
