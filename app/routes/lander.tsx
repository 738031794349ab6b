import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { NotFoundData } from "../components/error-page";
import ComingSoon from "./coming-soon";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

export { meta } from "./coming-soon";

/** The landing-page designs of §2; any other name is a page that does not exist. */
const DESIGNS = ["alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork", "transitionsvideolanding", "video"];

// Logged-out visitors get this page from the page cache: it shows only the brand, in the visitor's language.
export const handle: AnonymousCacheHandle = { anonymousCache: true };

export async function loader({ params }: LoaderFunctionArgs) {
  if (!DESIGNS.includes(params.design ?? "")) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
  return null;
}

export default ComingSoon;
