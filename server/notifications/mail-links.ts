import { primaryOrigin } from "../mail/link-origin";
import type { Site } from "../sites/schema";

/**
 * What mail sent outside a request needs (jobs, the reminders): where a brand's links point and the
 * secrets its unsubscribe links are signed with. A request knows its origin; a job does not.
 */
export type MailLinks = {
  /** The brand's origin for links and images: its primary domain over https in production (see linkOrigin). */
  origin(site: Site): string;
  /** The server's signing secrets (SESSION_SECRETS or the kept one): the first signs, all verify. */
  secrets: string[];
};

/** Outside production the brand answers at <id>.localhost on this server's port, as the request would. */
export function createMailLinks({ production, secrets, port }: { production: boolean; secrets: string[]; port: () => number }): MailLinks {
  return {
    origin: (site) => (production ? primaryOrigin(site) : `http://${site.id}.localhost:${port()}`),
    secrets,
  };
}
