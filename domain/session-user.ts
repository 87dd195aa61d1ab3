import type { Viewer } from "./permissions";
import type { Role } from "./roles";

/** The signed-in user as the server knows them for this request. */
export interface SessionUser extends Viewer {
  id: string;
  url: string;
  name: string;
  email: string;
  role: Role;
}
