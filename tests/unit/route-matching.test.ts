import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

// The server loads the router's CommonJS build; patches/@remix-run+router+*.patch makes it keep each
// route table's ranked branches and compiled paths (see docs/decisions/022-server-render-cpu.md).
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

const table = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "members", path: "members" },
      { id: "member", path: "members/:id" },
      { id: "page", path: "pages/:slug" },
      { id: "not-found", path: "*" },
    ],
  },
];
const ids = (routes: ReturnType<typeof table>, pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.id);

describe("route matching on the server", () => {
  it("matches as the router always did, the first time and every time after", () => {
    const routes = table();
    for (let round = 0; round < 3; round += 1) {
      expect(ids(routes, "/")).toEqual(["root", "home"]);
      expect(ids(routes, "/members")).toEqual(["root", "members"]);
      expect(ids(routes, "/members/42")).toEqual(["root", "member"]);
      expect(matchRoutes(routes, "/members/42")?.at(-1)?.params).toEqual({ id: "42" });
      expect(ids(routes, "/pages/terms")).toEqual(["root", "page"]);
      expect(ids(routes, "/nowhere/at/all")).toEqual(["root", "not-found"]);
    }
  });

  it("ranks a table once: a route added to it afterwards is not seen, while a new table is", () => {
    // The patch's contract (tables never change on the server), and the proof that it is applied.
    const routes = table();
    expect(ids(routes, "/likes")).toEqual(["root", "not-found"]);
    routes[0]!.children.push({ id: "likes", path: "likes" });
    expect(ids(routes, "/likes")).toEqual(["root", "not-found"]);
    const fresh = table();
    fresh[0]!.children.push({ id: "likes", path: "likes" });
    expect(ids(fresh, "/likes")).toEqual(["root", "likes"]);
  });
});

// patches/react-router-dom+*.patch and patches/@remix-run+react+*.patch: the render converts a
// build's route table once, so the kept ranking above applies to it as well.
describe("the render's route table", () => {
  const require = createRequire(import.meta.url);

  it("is converted once per table by the static router", () => {
    const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const routes = table();
    const context = { basename: "/", location: { pathname: "/" }, matches: [], loaderData: {}, actionData: null, errors: null } as never;
    const first = createStaticRouter(routes, context);
    expect(createStaticRouter(routes, context).routes).toBe(first.routes);
    expect(createStaticRouter(table(), context).routes).not.toBe(first.routes);
  });

  it("is made once per build's manifest by RemixServer", async () => {
    const { createStaticHandler } = require("@remix-run/router") as typeof import("@remix-run/router");
    const { RemixServer } = require("@remix-run/react") as typeof import("@remix-run/react");
    const serverRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
    const { createElement } = require("react") as typeof import("react");
    const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");

    const manifestRoutes = { root: { id: "root", path: "", hasLoader: false, module: "/root.js" } };
    const routeModules = { root: { default: () => createElement("p", null, "home") } };
    const handlerContext = await createStaticHandler([{ id: "root", path: "/" }]).query(new Request("http://localhost/"));
    const render = () =>
      renderToString(
        createElement(RemixServer, {
          url: "http://localhost/",
          context: {
            manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
            routeModules,
            staticHandlerContext: handlerContext,
            future: {},
            isSpaMode: false,
          } as never,
        }),
      );
    const made = vi.spyOn(serverRoutes, "createServerRoutes");
    expect(render()).toContain("home");
    expect(render()).toContain("home");
    expect(made).toHaveBeenCalledTimes(1);
  });
});
