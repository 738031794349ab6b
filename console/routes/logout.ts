import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { consoleContext } from "../../server/support/console-context";

export async function action({ context }: ActionFunctionArgs) {
  const { staff, services } = consoleContext(context);
  const cleared = await services.staffSessions.end(staff?.sessionId);
  return redirect("/login", { headers: { "Set-Cookie": cleared } });
}

export function loader() {
  return redirect("/");
}
