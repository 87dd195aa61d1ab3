import { NavLink } from "react-router";

export interface Waiting {
  acts: number;
  tagRequests: number;
  documents: number;
}

/** The admin's queues, each with how many items wait in it. */
export function QueueNav({ waiting }: { waiting: Waiting }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-50"}`;
  return (
    <nav aria-label="Moderation queues" className="mt-4 flex flex-wrap gap-2">
      <NavLink to="/admin/acts" className={link}>
        Acts waiting: {waiting.acts}
      </NavLink>
      <NavLink to="/admin/tag-requests" className={link}>
        Tag requests: {waiting.tagRequests}
      </NavLink>
      <NavLink to="/documents" className={link}>
        Documents waiting: {waiting.documents}
      </NavLink>
      <NavLink to="/admin/cases" className={link}>
        Cases
      </NavLink>
      {/* Not a queue of decisions, but where an admin looks when something did not happen on time. */}
      <NavLink to="/admin/jobs" className={link}>
        Jobs
      </NavLink>
    </nav>
  );
}
