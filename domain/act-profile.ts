import type { ActStatus } from "./act-status";
import type { ModerationEvent } from "./moderation";
import type { RatingDistribution } from "./ratings";
import type { Role } from "./roles";
import type { Tag } from "./tags";

/** GET /api/acts/{actUrl}: the profile page's data, as the caller may see it. */
export interface ActSocialLinks {
  facebook: string | null;
  twitter: string | null;
  instagram: string | null;
  spotify: string | null;
  web: string | null;
  tiktok: string | null;
  mixcloud: string | null;
  linkedin: string | null;
}
export const SOCIAL_NETWORKS = [
  "facebook",
  "twitter",
  "instagram",
  "spotify",
  "web",
  "tiktok",
  "mixcloud",
  "linkedin",
] as const satisfies readonly (keyof ActSocialLinks)[];

export interface ProfileReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  /** Null when the planner did not allow their name to be shown. */
  reviewer_name: string | null;
  created_at: string;
}

export interface ProfileTestimonial {
  id: number;
  name: string;
  organization: string | null;
  org_position: string | null;
  content: string;
  rank: number;
}

export interface ProfilePackage {
  id: number;
  title: string;
  description: string;
  eventTypes: Tag[];
  rank: number;
}

export interface ProfileImage {
  id: number;
  path: string;
}

export interface ProfileVideo {
  id: number;
  link: string | null;
  file_path: string | null;
}

export interface ProfileDocument {
  id: number;
  title: string;
  file_path: string;
  file_path_raw: string;
}

export interface ManagerInfo {
  id: string;
  url: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  w9_received: boolean;
  direct_deposit_received: boolean;
}

export interface ReviewSummary {
  average: number | null;
  count: number;
  distribution: RatingDistribution;
}

export interface PendingTagRequest {
  id: number;
  musical: boolean;
  created_at: string;
  tags: (Tag & { relation: string })[];
}

export interface ActProfile {
  url: string;
  name: string;
  avatar: string | null;
  headline: string | null;
  description: string | null;
  location: string | null;
  additionalLocations: { location: string }[];
  compare_to: string | null;
  active: boolean;
  declined: boolean;
  application_complete: boolean;
  musical: boolean;
  internal_use_only: boolean;
  is_featured: 0 | 1;
  nationallyRecognized: boolean;
  social: ActSocialLinks;
  has_performed_corporate_event: boolean;
  corporate_event_experience: string | null;
  status: ActStatus;
  tags: Tag[];
  genres: Tag[];
  songTypes: Tag[];
  bandSetups: Tag[];
  eventTypes: Tag[];
  varietyTypes: Tag[];
  speakerTypes: Tag[];
  styles: Tag[];
  occasions: Tag[];
  images: ProfileImage[];
  videos: ProfileVideo[];
  packages: ProfilePackage[];
  testimonials: ProfileTestimonial[];
  entertainerReviews: ProfileReview[];
  reviewSummary: ReviewSummary;
  approvedPublicDocuments: ProfileDocument[];
  /** What the caller may do here, decided by the server from domain/permissions. */
  viewer: { isManager: boolean; canManage: boolean; isAdmin: boolean };
  /** Present for the act's manager and admins only. */
  latestOffer?: { date_time_posted: string } | null;
  /** The first pending tag update request: for the manager and admins only. */
  pendingTagRequest?: PendingTagRequest | null;
  /** Admin only. */
  manager?: ManagerInfo | null;
  history?: ModerationEvent[];
  additional_info?: string | null;
  decline_reason?: string | null;
}
