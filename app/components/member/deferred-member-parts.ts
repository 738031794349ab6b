import { deferredModule } from "../../lib/deferred-module";

// What only members' pages show and run around their content (navigation, account menu, warning
// banners, like modal, the live status: about 5 KB compressed), fetched on a member's first page
// rather than carried by all.
export const memberParts = deferredModule(() => import("./member-parts"));
