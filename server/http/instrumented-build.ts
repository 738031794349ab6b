import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import type { Tracing } from "../tracing/tracing";
import { noteMatchedRoute } from "./matched-route";

type DataFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/**
 * The Remix build with its route modules wrapped once, at start: each loader and action notes its
 * route id on the request's load context (for metrics and traces, see matched-route.ts), and runs
 * in a span of its own when tracing is on. The document renderer notes the leaf Remix matched, so a
 * page whose leaf has no loader is named by its own route too. The original build is left as it was.
 */
export function instrumentedBuild(build: ServerBuild, tracing: Tracing | undefined): ServerBuild {
  const depth = (id: string): number => {
    const parentId = build.routes[id]?.parentId;
    return parentId ? depth(parentId) + 1 : 0;
  };
  const wrap = (id: string, kind: "loader" | "action", run: DataFunction): DataFunction => {
    const routeDepth = depth(id);
    const name = `${kind} ${id}`;
    const attributes = { "amora.route.id": id };
    return tracing
      ? (args) => {
          noteMatchedRoute(args.context, id, routeDepth);
          return tracing.inSpan(name, attributes, () => run(args));
        }
      : (args) => {
          noteMatchedRoute(args.context, id, routeDepth);
          return run(args);
        };
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = {
        ...route.module,
        ...(loader ? { loader: wrap(id, "loader", loader as DataFunction) } : {}),
        ...(action ? { action: wrap(id, "action", action as DataFunction) } : {}),
      };
      return [id, { ...route, module }];
    }),
  ) as ServerBuild["routes"];
  const render = build.entry.module.default;
  return {
    ...build,
    routes,
    entry: {
      module: {
        ...build.entry.module,
        default: (request, status, headers, entryContext, loadContext) => {
          const leaf = entryContext.staticHandlerContext.matches.at(-1);
          if (leaf) noteMatchedRoute(loadContext, leaf.route.id, Number.POSITIVE_INFINITY);
          return render(request, status, headers, entryContext, loadContext);
        },
      },
    },
  };
}
