import type { MetaFunction } from "@remix-run/node";
import * as ui from "../styles/ui.css";

export function loader() {
  throw new Response("This page does not exist.", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Not found · Amora support" }];

export default function NotFound() {
  return (
    <div className={ui.page}>
      <h1>Not found</h1>
    </div>
  );
}
