import { data } from "@remix-run/node";
import type { NotFoundData } from "../components/error-page";

/** Any path no route matches: 404 'This page could not be found' (§2, §8). */
export async function loader() {
  throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
