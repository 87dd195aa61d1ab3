import { CreateAccountPrompt, type SignupFailure } from "./create-account-prompt";
import { AdditionalInfo } from "./sections/additional-info";
import { Documents } from "./sections/documents";
import { Intro } from "./sections/intro";
import { LatestOffer } from "./sections/latest-offer";
import { ManageBlock } from "./sections/manage-block";
import { Photos } from "./sections/photos";
import { ProfileHeader } from "./sections/profile-header";
import { QuoteBar } from "./sections/quote-bar";
import { Reviews } from "./sections/reviews";
import { SideColumn } from "./sections/side-column";
import { Testimonials } from "./sections/testimonials";
import { Videos } from "./sections/videos";
import type { SectionProps } from "./types";

interface ProfilePageProps extends SectionProps {
  guest: boolean;
  signupFailure: SignupFailure | undefined;
}

/**
 * The sections in the spec's order. On large screens the side column sits beside the main
 * content; on small screens it follows the main content, before the later sections.
 */
export function ProfilePage({
  act,
  can,
  guest,
  signupFailure,
  reviewEvents,
  shortlisted,
  threads,
  availability,
  viewerUrl,
}: ProfilePageProps & { viewerUrl?: string | undefined }) {
  const props = { act, can, reviewEvents };
  return (
    // Room at the foot for the phone's quote bar, so that it never covers the page's last lines.
    <div className="grid gap-6 pb-20 lg:grid-cols-[minmax(0,1fr)_20rem] lg:pb-0">
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1" data-testid="main-content">
        <ProfileHeader {...props} />
        <Intro {...props} />
        <ManageBlock {...props} />
        <LatestOffer {...props} />
        <Photos {...props} />
        <Videos {...props} userUrl={viewerUrl} />
      </div>
      <aside
        aria-label="Offerings and booking"
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        data-testid="side-column"
      >
        <SideColumn {...props} shortlisted={shortlisted} threads={threads} availability={availability} />
      </aside>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
        <Testimonials {...props} />
        <Reviews {...props} />
        <Documents {...props} />
        <AdditionalInfo {...props} />
        {guest && <CreateAccountPrompt actName={act.name} failure={signupFailure} />}
      </div>
      <QuoteBar act={act} can={can} />
    </div>
  );
}
