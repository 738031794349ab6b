import { index, layout, route, type RouteConfig } from "@remix-run/route-config";

/** Every route of the spec (§2), by the names it gives; each has an id of its own, also where routes share a module. */
const staticPage = "routes/static-page.tsx";

export default [
  route("api/settings.php", "routes/api.settings.ts", { id: "api-settings" }),
  route("api/user.php", "routes/api.user.ts", { id: "api-user" }),
  route("api/logout.php", "routes/api.logout.ts", { id: "api-logout" }),
  route("api/signup.php", "routes/api.signup.ts", { id: "api-signup" }),
  route("api/regions.php", "routes/api.regions.ts", { id: "api-regions" }),
  route("api/interests.php", "routes/api.interests.ts", { id: "api-interests" }),
  route("api/geocode.php", "routes/api.geocode.ts", { id: "api-geocode" }),
  route("api/towns", "routes/api.towns.ts", { id: "api-towns" }),
  route("api/photos", "routes/api.photos.ts", { id: "api-photos" }),
  route("api/likes.php", "routes/api.likes.ts", { id: "api-likes" }),
  route("api/auto-like.php", "routes/api.auto-like.ts", { id: "api-auto-like" }),
  route("api/banners.php", "routes/api.banners.ts", { id: "api-banners" }),
  route("api/chats.php", "routes/api.chats.ts", { id: "api-chats" }),
  route("api/chat.php", "routes/api.chat.ts", { id: "api-chat" }),
  route("api/typing.php", "routes/api.typing.ts", { id: "api-typing" }),
  route("api/events", "routes/api.events.ts", { id: "api-events" }),
  route("api/page-hidden.php", "routes/api.page-hidden.ts", { id: "api-page-hidden" }),
  route("api/page-bounce", "routes/api.page-bounce.ts", { id: "api-page-bounce" }),
  route("api/lander-visit", "routes/api.lander-visit.ts", { id: "api-lander-visit" }),
  route("api/payment.php", "routes/api.payment.ts", { id: "api-payment" }),
  route("api/discountcode.php", "routes/api.discountcode.ts", { id: "api-discountcode" }),
  route("api/timebonus.php", "routes/api.timebonus.ts", { id: "api-timebonus" }),
  route("payments/webhook/:provider", "routes/payments-webhook.ts", { id: "payments-webhook" }),
  route("api/mail-events", "routes/api.mail-events.ts", { id: "api-mail-events" }),
  route("api/mail-events/mailgun", "routes/api.mail-events.mailgun.ts", { id: "api-mail-events-mailgun" }),
  route("manifest.webmanifest", "routes/manifest.ts", { id: "manifest" }),
  route("sw.js", "routes/service-worker.ts", { id: "service-worker" }),
  route("activate", "routes/activate.ts", { id: "activate" }),
  route("site-entry", "routes/site-entry.ts", { id: "site-entry" }),
  route("favicon.svg", "routes/favicon.ts", { id: "favicon" }),
  route("logo.png", "routes/logo-png.ts", { id: "logo-png" }),
  route("og-image.png", "routes/og-image.ts", { id: "og-image" }),
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("dev/mail/:id", "routes/dev.mail.id.ts", { id: "dev-mail-id" }),
  route("settings/export", "routes/settings-export.ts", { id: "settings-export" }),
  // The test provider's hosted checkout stands apart from every brand layout: it plays an outside page.
  route("payments/test-checkout/:reference", "routes/payments-test-checkout.tsx", { id: "payments-test-checkout" }),

  layout("layouts/default.tsx", [
    index("routes/index.tsx", { id: "index" }),
    route("lang-config", "routes/lang-config.tsx", { id: "lang-config" }),
    // The home page in its new design, whatever the brand's home_design: the address of an A/B test's ads.
    route("index-new-design", "routes/index.tsx", { id: "index-new-design" }),
    route("login", "routes/login.tsx", { id: "login" }),
    route("signup", "routes/signup.tsx", { id: "signup" }),
    route("complete-signup", "routes/complete-signup.tsx", { id: "complete-signup" }),
    route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
    route("reset-password/do", "routes/reset-password-do.tsx", { id: "reset-password-do" }),
    route("account-deleted", "routes/account-deleted.tsx", { id: "account-deleted" }),
    route("account-deleted/reactivate", "routes/account-reactivate.tsx", { id: "account-deleted-reactivate" }),
    route("activate/done", "routes/activate-done.tsx", { id: "activate-done" }),
    route("activate/error", "routes/activate-error.tsx", { id: "activate-error" }),
    route("mail-change/do", "routes/mail-change-do.tsx", { id: "mail-change-do" }),
    route("unsubscribe/:token", "routes/unsubscribe.$token.tsx", { id: "unsubscribe-token" }),
    route("settings", "routes/settings.tsx", { id: "settings" }),
    route("settings/delete", "routes/settings-delete.tsx", { id: "settings-delete" }),
    route("dev/mail", "routes/dev.mail.tsx", { id: "dev-mail" }),
    route("dev/sms", "routes/dev.sms.tsx", { id: "dev-sms" }),

    route("members", "routes/members.tsx", { id: "members" }),
    route("members/:id", "routes/members-id.tsx", { id: "members-id" }),
    route("match-finder", "routes/match-finder.tsx", { id: "match-finder" }),
    route("swipe-game", "routes/swipe-game.tsx", { id: "swipe-game" }),
    route("profile", "routes/profile.tsx", { id: "profile" }),
    route("notifications", "routes/notifications.tsx", { id: "notifications" }),
    route("premium", "routes/premium.tsx", { id: "premium" }),
    route("pricing", "routes/pricing.tsx", { id: "pricing" }),
    route("directdebit", "routes/directdebit.tsx", { id: "directdebit" }),
    route("complaints", "routes/complaints.tsx", { id: "complaints" }),

    route("likes", "routes/likes.tsx", { id: "likes" }),
    // The likes list opens profiles on the same screen as search (§2).
    route("likes/m/:id", "routes/members-id.tsx", { id: "likes-m-id" }),
    route("likes/:type", "routes/likes.tsx", { id: "likes-type" }),

    route("credits", "routes/credits.tsx", { id: "credits" }),
    route("credits/repeat-order", "routes/credits-repeat-order.tsx", { id: "credits-repeat-order" }),
    route("credits/:id/:paymentmethod?", "routes/credits-method.tsx", { id: "credits-id-paymentmethod" }),
    route("transactions/:id?", "routes/transactions.tsx", { id: "transactions-id" }),

    route("pages/terms", staticPage, { id: "pages-terms" }),
    route("pages/privacy", staticPage, { id: "pages-privacy" }),
    route("pages/cookies", staticPage, { id: "pages-cookies" }),
    route("pages/ban", staticPage, { id: "pages-ban" }),
    route("pages/return-policy", staticPage, { id: "pages-return-policy" }),
    route("pages/faq", staticPage, { id: "pages-faq" }),
    route("pages/service", staticPage, { id: "pages-service" }),
    route("pages/:token", staticPage, { id: "pages-token" }),

    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),

  layout("layouts/chat.tsx", [
    route("chats", "routes/chats.tsx", { id: "chats" }),
    route("chats/:id", "routes/chats-id.tsx", { id: "chats-id" }),
    route("members/:id/chat", "routes/members-id-chat.tsx", { id: "members-id-chat" }),
  ]),

  layout("layouts/empty.tsx", [
    route("signup-matches", "routes/signup-matches.tsx", { id: "signup-matches" }),
    route("members/:id/signup", "routes/member-signup.tsx", { id: "members-id-signup" }),
  ]),

  layout("layouts/lander.tsx", [
    route("members/:id/landing", "routes/member-landing.tsx", { id: "members-id-landing" }),
    route("members/:id/landing2/:slug?", "routes/member-landing.tsx", { id: "members-id-landing2" }),
    route("members/:id/landing3/:slug?", "routes/member-landing.tsx", { id: "members-id-landing3" }),
    route("landers/tinderswipe", "routes/lander-tinderswipe.tsx", { id: "landers-tinderswipe" }),
    route("landers/:design/:slug?", "routes/lander.tsx", { id: "landers-design" }),
  ]),
] satisfies RouteConfig;
