import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { NotFoundData } from "../components/error-page";
import ComingSoon from "./coming-soon";

export { meta } from "./coming-soon";

/** The landing-page designs of §2; any other name is a page that does not exist. */
const DESIGNS = ["alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork", "transitionsvideolanding", "video"];

export async function loader({ params }: LoaderFunctionArgs) {
  if (!DESIGNS.includes(params.design ?? "")) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
  return null;
}

export default ComingSoon;
