import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { consoleContext } from "../server/support/console-context";
import * as ui from "./styles/ui.css";

export function loader({ context }: LoaderFunctionArgs) {
  return { nonce: consoleContext(context).nonce };
}

export const meta: MetaFunction = () => [{ title: "Amora support" }, { name: "robots", content: "noindex, nofollow" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function Root() {
  // Tests (and the keyboard shortcuts) wait for this: before it, a click is a plain form post.
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (typeof error.data === "string" && error.data ? error.data : error.statusText) : "Something went wrong. Try again.";
  return (
    <main className={ui.centred}>
      <div className={ui.narrowCard}>
        <h1>{status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Error"}</h1>
        <p>{message}</p>
        <p>
          <a href="/">Console home</a>
        </p>
      </div>
    </main>
  );
}
