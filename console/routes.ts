import { index, layout, route, type RouteConfig } from "@remix-run/route-config";

/**
 * The support console's routes (its own host: SUPPORT_HOST). Each route id has its access rule in
 * ./access.ts; a route missing there is refused to everyone.
 */
export default [
  route("login", "routes/login.tsx", { id: "login" }),
  route("login/verify", "routes/login-verify.tsx", { id: "login-verify" }),
  route("login/passkey", "routes/login-passkey.ts", { id: "login-passkey" }),
  route("setup/:token", "routes/setup.tsx", { id: "setup" }),
  route("logout", "routes/logout.ts", { id: "logout" }),

  layout("layouts/console.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("account", "routes/account.tsx", { id: "account" }),
    route("account/passkeys", "routes/account-passkeys.ts", { id: "account-passkeys" }),
    route("brands", "routes/brands.tsx", { id: "brands" }),
    route("brands/check", "routes/brands-check.tsx", { id: "brands-check" }),
    route("brands/compare", "routes/brands-compare.tsx", { id: "brands-compare" }),
    route("brands/:id/discount-codes", "routes/brands-discount-codes.tsx", { id: "brands-discount-codes" }),
    route("members", "routes/members.tsx", { id: "members" }),
    route("members/:id", "routes/members-id.tsx", { id: "members-id" }),
    route("moderation/photos", "routes/moderation-photos.tsx", { id: "moderation-photos" }),
    route("moderation/complaints", "routes/moderation-complaints.tsx", { id: "moderation-complaints" }),
    route("moderation/complaints/:id", "routes/moderation-complaints-id.tsx", { id: "moderation-complaints-id" }),
    route("staff", "routes/staff.tsx", { id: "staff" }),
    route("staff/:id", "routes/staff-id.tsx", { id: "staff-id" }),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
