import { beforeAll, describe, expect, it } from "vitest";
import { avatarTarget } from "../../server/profiles/demo-avatars";
import { seedDemoMembers } from "../../server/profiles/demo-members";
import { linkIn, uniqueEmail, waitForMail } from "../support/accounts";
import { DESKTOP, hydrated, PERSONS_BROWSER, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { waitUntil } from "../support/wait";

const suite = browserSuite({ env: { DEMO_MEMBERS: "0" } });
const ROOM = 180_000;

/** A findable member of a brand with a portrait and words of their own, seen a moment ago. */
async function featured(siteId: string, gender: "male" | "female") {
  const db = suite.server.store.db;
  const member = await db
    .selectFrom("profiles")
    .select(["id", "name"])
    .where("site_id", "=", siteId)
    .where("status", "=", "active")
    .where("gender", "=", gender)
    .where("main_photo_id", "is not", null)
    .where("about_me", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("profiles").set({ last_seen_at: new Date(), invisible: false }).where("id", "=", member.id).execute();
  return member;
}

beforeAll(async () => {
  await seedDemoMembers({ db: suite.server.store.db, sites: suite.server.sites.all(), count: 48, ...avatarTarget(suite.server.services.photos, suite.server.dataDir) });
});

/** The landers built so far (issue 20 item 1): the brand's members, its words, one way in. */
describe("landers", () => {
  it(
    "shows every slugged design in Dutch and English, on a phone and a desktop, accessible; a member's tile asks to sign up to like them",
    async () => {
      for (const [siteId, country, slug, language] of [
        ["flirt-nl", "NL", "nl", "nl"],
        ["bbw-us", "US", "bbw-eng", "en"],
      ] as const) {
        for (const design of ["gallery", "collagelanding", "socialnetwork", "alonetonight", "iconslanding", "maplanding", "video", "transitionsvideolanding"]) {
          for (const viewport of [PHONE, DESKTOP]) {
            const page = await openPage(suite, { siteId, pathname: `/landers/${design}/${slug}`, viewport, country });
            await hydrated(page);
            expect(await page.locator("html").getAttribute("lang")).toBe(language);
            await page.getByRole("heading", { level: 1 }).waitFor();
            await expectAccessible(page);
            if (viewport === PHONE) await expectFitsPhone(page);
            await page.context().close();
          }
        }
      }

      // On a desktop a tile opens the signup modal, saying whom the visitor would like.
      // A person's browser: the headless one is a robot's, whose visit is not counted.
      const page = await openPage(suite, { siteId: "flirt-nl", pathname: "/landers/gallery/nl?network=adnet", viewport: DESKTOP, country: "NL", userAgent: PERSONS_BROWSER });
      await hydrated(page);
      const tile = page.locator("main li a").first();
      const name = (await tile.locator("span span").first().textContent())!.split(",")[0]!;
      await tile.click();
      const dialog = page.getByRole("dialog", { name: text("nl", "account:signup.reason.like", { name }) });
      await dialog.waitFor();
      await expectAccessible(page);
      // Escape closes it; the signup in it leads to the mailbox page, back to this lander after, with the ad's source kept.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await tile.click();
      const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
      const email = uniqueEmail("dialog");
      await dialog.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
      await dialog.getByLabel(t("account:fields.name"), { exact: true }).fill("Dialoog");
      await dialog.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1986-04-12");
      await dialog.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
      await dialog.getByLabel(t("account:consent.specialCategory", { name: "FlirtNL" })).check();
      await dialog.getByRole("button", { name: t("account:signup.submit") }).click();
      await page.waitForURL((url) => url.pathname === "/complete-signup" && url.searchParams.get("redirectTo") === "/landers/gallery/nl?network=adnet");
      const account = await suite.server.store.db.selectFrom("accounts").select(["tracking", "lander_design"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(account).toEqual({ tracking: { network: "adnet" }, lander_design: "gallery" });
      await page.context().close();
    },
    ROOM,
  );

  it(
    "the video designs start their silent film once the page runs, a button pauses and plays it, and a visitor who asked for less motion sees the poster",
    async () => {
      const t = (key: string) => text("en", key);
      for (const design of ["video", "transitionsvideolanding"]) {
        const page = await openPage(suite, { siteId: "gay-uk", pathname: `/landers/${design}/gay-eng`, viewport: PHONE, country: "GB" });
        await hydrated(page);
        const film = page.locator("video");
        // The test browser asks for less motion: the poster stays, with a button to play the film.
        await page.getByRole("button", { name: t("home:landers.video.play") }).waitFor();
        expect(await film.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

        await page.emulateMedia({ reducedMotion: "no-preference" });
        await page.reload();
        await hydrated(page);
        const pause = page.getByRole("button", { name: t("home:landers.video.pause") });
        await pause.waitFor();
        await waitUntil(() => film.evaluate((video: HTMLVideoElement) => !video.paused && video.muted && video.currentTime > 0), (playing) => playing);
        await pause.click();
        await page.getByRole("button", { name: t("home:landers.video.play") }).click();
        await waitUntil(() => film.evaluate((video: HTMLVideoElement) => !video.paused), (playing) => playing);
        await expectAccessible(page);
        await page.context().close();
      }
    },
    ROOM,
  );

  it("maplanding: a click on a member's pin opens the signup to like them", async () => {
    const page = await openPage(suite, { siteId: "flirt-nl", pathname: "/landers/maplanding/nl?network=mapnet", viewport: DESKTOP, country: "NL" });
    await hydrated(page);
    const pin = page.locator("figure li a").first();
    const name = (await pin.locator("span").textContent())!.split(",")[0]!;
    await pin.click();
    await page.getByRole("dialog", { name: text("nl", "account:signup.reason.like", { name }) }).waitFor();
    await page.context().close();
  }, ROOM);

  it(
    "tinderswipe: a pass or a swipe to the left shows the next member, a like signs up to like them and the account keeps the ad's source",
    async () => {
      const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
      const db = suite.server.store.db;
      const page = await openPage(suite, { siteId: "flirt-nl", pathname: "/landers/tinderswipe?network=swipenet", viewport: PHONE, country: "NL", userAgent: PERSONS_BROWSER });
      await hydrated(page);
      await expectAccessible(page);
      await expectFitsPhone(page);
      // The card's member: names repeat among the demo members, ids do not.
      const shown = async () => (await page.locator("article[data-place=top]").getAttribute("aria-labelledby"))!;
      const nameShown = async () => (await page.locator("article[data-place=top] h2").textContent())!.split(",")[0]!;

      const first = await shown();
      await page.getByRole("button", { name: text("nl", "swipe:passName", { name: await nameShown() }) }).click();
      await expect.poll(shown).not.toBe(first);
      // A drag to the left is a pass too.
      const second = await shown();
      const box = (await page.locator("article[data-place=top]").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 160, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await expect.poll(shown).not.toBe(second);

      const liked = await nameShown();
      await page.getByRole("link", { name: text("nl", "swipe:likeName", { name: liked }) }).click();
      await page.waitForURL(/\/signup\?to=like/);
      await page.getByRole("heading", { level: 1, name: t("account:signup.reason.like", { name: liked }) }).waitFor();
      const email = uniqueEmail("swiper");
      await page.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
      await page.getByLabel(t("account:fields.name"), { exact: true }).fill("Swiper");
      await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1990-02-02");
      await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
      await page.getByLabel(t("account:consent.specialCategory", { name: "FlirtNL" })).check();
      await page.getByRole("button", { name: t("account:signup.submit") }).click();
      await page.waitForURL(/\/complete-signup/);
      const account = await db.selectFrom("accounts").select(["tracking", "lander_design"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(account).toEqual({ tracking: { network: "swipenet" }, lander_design: "tinderswipe" });
      await page.context().close();

      // On a desktop a swipe to the right opens the signup modal for that member.
      const desk = await openPage(suite, { siteId: "flirt-nl", pathname: "/landers/tinderswipe", viewport: DESKTOP, country: "NL" });
      await hydrated(desk);
      const name = (await desk.locator("article[data-place=top] h2").textContent())!.split(",")[0]!;
      const card = (await desk.locator("article[data-place=top]").boundingBox())!;
      await desk.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
      await desk.mouse.down();
      await desk.mouse.move(card.x + card.width / 2 + 180, card.y + card.height / 2, { steps: 8 });
      await desk.mouse.up();
      await desk.getByRole("dialog", { name: t("account:signup.reason.like", { name }) }).waitFor();
      await expectAccessible(desk);
      await desk.context().close();
    },
    ROOM,
  );
});

/** A member's landing and signup pages (issue 20 item 3): from an ad's click to that member's chat. */
describe("member landing pages", () => {
  it(
    "leads a phone's visitor from a man's landing page to a signup beside him, and after activation into his chat",
    async () => {
      const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
      const db = suite.server.store.db;
      const bram = await featured("flirt-nl", "male");
      const page = await openPage(suite, { siteId: "flirt-nl", pathname: `/members/${bram.id}/landing2/nl?network=adnet`, viewport: PHONE, country: "NL", userAgent: PERSONS_BROWSER });
      await hydrated(page);
      await page.getByText(t("members:landing.online_male"), { exact: true }).waitFor();
      await expectAccessible(page);
      await expectFitsPhone(page);

      await page.getByRole("link", { name: t("members:landing.messageCta", { name: bram.name }) }).click();
      await page.waitForURL(`**/members/${bram.id}/signup`);
      await hydrated(page);
      await page.getByRole("heading", { name: t("members:landing.signupTitle", { name: bram.name }) }).waitFor();
      // She came for a man: the form starts as a woman looking for men.
      expect(await page.getByRole("radio", { name: t("account:signup.gender.female"), exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: t("account:signup.seeking.men"), exact: true }).isChecked()).toBe(true);
      await expectAccessible(page);
      await expectFitsPhone(page);

      const email = uniqueEmail("iris");
      await page.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
      await page.getByLabel(t("account:fields.name"), { exact: true }).fill("Iris");
      await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1986-04-12");
      await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
      await page.getByLabel(t("account:consent.specialCategory", { name: "FlirtNL" })).check();
      await page.getByRole("button", { name: t("account:signup.submit") }).click();
      await page.waitForURL(/\/complete-signup\?/);
      const account = await db.selectFrom("accounts").select(["signup_profile_id", "lander_design", "tracking"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(account).toEqual({ signup_profile_id: bram.id, lander_design: "member-landing2", tracking: { network: "adnet" } });
      await waitUntil(
        async () => {
          await suite.server.services.landerVisits.flush();
          return db.selectFrom("lander_visits").select("visits").where("design", "=", "member-landing2").where("network", "=", "adnet").execute();
        },
        (rows) => rows.length > 0,
      );

      await page.goto(linkIn(await waitForMail(suite.server, email)));
      await page.waitForURL(`**/members/${bram.id}/chat`);
      await hydrated(page);
      await page.getByRole("textbox", { name: t("chat:footer.label") }).waitFor();
      await page.context().close();
    },
    ROOM,
  );

  it(
    "shows each design and the signup in German and English, on a desktop and a phone, accessible",
    async () => {
      for (const [siteId, country, language, gender] of [
        ["milf-de", "DE", "de", "female"],
        ["gay-uk", "GB", "en", "male"],
      ] as const) {
        const member = await featured(siteId, gender);
        for (const [pathname, words] of [
          [`/members/${member.id}/landing`, text(language, "members:landing.messageCta", { name: member.name })],
          [`/members/${member.id}/landing3`, text(language, "members:landing.writePrompt", { name: member.name })],
          [`/members/${member.id}/signup`, text(language, "members:landing.signupTitle", { name: member.name })],
        ] as const) {
          for (const viewport of [DESKTOP, PHONE]) {
            const page = await openPage(suite, { siteId, pathname, viewport, country });
            await hydrated(page);
            expect(await page.locator("html").getAttribute("lang")).toBe(language);
            await page.getByText(words, { exact: true }).first().waitFor();
            await expectAccessible(page);
            if (viewport === PHONE) await expectFitsPhone(page);
            await page.context().close();
          }
        }
      }
    },
    ROOM,
  );
});
