import type { ActProfile } from "../act-profile";
import type { ProfileAbilities } from "../profile-abilities";

export interface SectionProps {
  act: ActProfile;
  can: ProfileAbilities;
  /** The planner's events this act may be reviewed for. */
  reviewEvents?: { url: string; name: string }[];
  /** The planner saved this act to their shortlist. */
  shortlisted?: boolean;
  /** The planner's open conversations with this act, the latest first: "Message" continues one. */
  threads?: { id: number; event: { url: string; name: string } | null }[];
  /** The answer to "Check availability" when the address asks for a date (`?date=`). */
  availability?: { date: string; free: boolean } | null;
}
