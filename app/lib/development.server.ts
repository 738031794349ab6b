import { data, type AppLoadContext } from "@remix-run/node";
import type { NotFoundData } from "../components/error-page";

/**
 * The development routes (the mail viewer) exist only for the developer at this machine (see
 * isDevelopmentClient); anyone else gets the page-not-found answer of any unknown path.
 */
export function requireDevelopmentClient(context: AppLoadContext): void {
  if (!context.developmentClient) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
}
