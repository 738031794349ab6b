import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Member } from "../../server/accounts/member";
import { deletePhoto, movePhoto, photoLimit, photosOf, setMainPhoto } from "../../server/photos/photos";
import { MAX_UPLOAD_BYTES } from "../../server/photos/process";
import { photoUrls } from "../../server/photos/urls";
import { blockedByMember, unblockProfile } from "../../server/profiles/blocks";
import { CHOICE_FIELDS, PROFILE_CHOICES, type ChoiceField } from "../../server/profiles/choices";
import { profileCompleteness } from "../../server/profiles/completeness";
import { groupedInterests } from "../../server/profiles/interests";
import { profileSchema } from "../../server/profiles/labels";
import { settlePlace } from "../../server/profiles/location";
import { regionsOf, regionsOfTown } from "../../server/profiles/places";
import { consentAsShown, consentInForce } from "../../server/privacy/consent";
import { CONSENT_FIELD, CONSENT_REQUIRED_KEY } from "../../server/privacy/consent-field";
import { loadOwnProfile, setInvisible, updateProfile } from "../../server/profiles/profile";
import { COUNTRIES, isCountryCode } from "../../server/sites/countries";
import { Field, Messages } from "../components/form-field";
import * as form from "../components/form.css";
import { CompletenessMeter } from "../components/profile-edit/completeness-meter";
import { InterestGroups } from "../components/profile-edit/interest-groups";
import { LocationFields } from "../components/profile-edit/location-fields";
import { PhotoDelete } from "../components/profile-edit/photo-delete";
import { PhotoSlots, type PhotoMessage } from "../components/profile-edit/photo-slots";
import { ConsentBox } from "../components/privacy/consent-box";
import * as styles from "../components/profile-edit/profile-edit.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { PHOTO_LIMIT_VALUES, uploadOwnPhoto } from "../lib/profile-photos.server";
import { countryNamer } from "../lib/profiles.server";
import { useCheckedForm } from "../lib/use-checked-form";
import * as page from "./profile.css";

export const handle = { i18n: ["members", "photos"] };
export const meta = accountMeta;

/** What the profile form's rules depend on: the browser builds the same schema from it. */
function schemaInput(context: AppLoadContext, member: Member) {
  const { site } = context;
  return { countries: site.countries, interests: site.interests, minAge: site.min_age, today: context.today, email: member.email, brandName: site.name };
}

async function ownProfile(context: AppLoadContext, member: Member) {
  const profile = await loadOwnProfile(context.services.store.db, { siteId: context.site.id, profileId: member.profileId });
  if (!profile) throw new Response("Not found", { status: 404 });
  return profile;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const { site, t } = context;
  const db = context.services.store.db;
  const [profile, photos, blocked, consent] = await Promise.all([
    ownProfile(context, member),
    photosOf({ db, profileId: member.profileId, viewer: "owner" }),
    blockedByMember(db, { blockerId: member.profileId }),
    consentInForce(db, { siteId: site.id, accountId: member.accountId }),
  ]);
  const countryName = countryNamer(context.language);
  return {
    title: t("members:edit.title"),
    profile: { ...profile, geolocation: undefined },
    visible: site.visible_profile_fields,
    // A refused photo is the member's to delete, not a photo of their profile.
    completeness: profileCompleteness(profile, { photos: photos.filter((photo) => photo.status !== "rejected").length, visibleFields: site.visible_profile_fields }),
    interestGroups: groupedInterests(site.interests, t, context.language),
    townRegions: profile.city && isCountryCode(profile.country) ? regionsOfTown(profile.country, profile.city) : [],
    countries: site.countries.map((code) => ({
      code,
      name: countryName(code),
      regionLabel: isCountryCode(code) ? t(`members:region_label.${COUNTRIES[code].regionLabel}`) : "",
      regions: isCountryCode(code) ? regionsOf(code) : [],
    })),
    photos: photos.map((photo) => ({
      id: photo.id,
      status: photo.status,
      main: photo.main,
      thumb_filename: photoUrls(site, photo).thumb_filename,
      rejection_reason: photo.rejection_reason,
    })),
    photoLimit: photoLimit(member.paidUser),
    premiumLimit: PHOTO_LIMIT_VALUES.premium,
    paidUser: member.paidUser,
    maxMegabytes: MAX_UPLOAD_BYTES / 1024 / 1024,
    blocked: blocked.map(({ id, name }) => ({ id, name })),
    schemaInput: schemaInput(context, member),
    // Without one, the form asks for the consent a new sexuality or interest needs.
    consentGiven: consent !== undefined,
  };
}

/** Opening and closing the delete question changes nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const withoutQuestion = (url: URL) => {
    const query = new URLSearchParams(url.search);
    query.delete("delete");
    return `${url.pathname}?${query}`;
  };
  const onlyTheQuestion = currentUrl.search !== nextUrl.search && withoutQuestion(currentUrl) === withoutQuestion(nextUrl);
  if (!formMethod && onlyTheQuestion) return false;
  return defaultShouldRevalidate;
};

const PHOTO_DONE: Record<string, string> = { "main-photo": "photos:done.main", "delete-photo": "photos:done.deleted" };
const MOVES = { "photo-earlier": "earlier", "photo-later": "later" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const { site } = context;
  const db = context.services.store.db;
  const owner = { siteId: site.id, profileId: member.profileId };

  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    return { photo: (await uploadOwnPhoto(request, context, member)) satisfies PhotoMessage };
  }

  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const photoId = Number(formData.get("photo"));
  if (intent === "main-photo" || intent === "delete-photo" || intent in MOVES) {
    const done =
      intent === "main-photo"
        ? await setMainPhoto({ db, ...owner, photoId })
        : intent === "delete-photo"
          ? await deletePhoto({ db, storage: context.services.photos, ...owner, photoId, log: context.log })
          : await movePhoto({ db, ...owner, photoId, to: MOVES[intent as keyof typeof MOVES] });
    const photo: PhotoMessage | undefined = !done.ok ? { ok: false, message: `photos:error.${done.error}` } : PHOTO_DONE[intent] ? { ok: true, message: PHOTO_DONE[intent] } : undefined;
    return { photo };
  }
  if (intent === "invisible") {
    await setInvisible(db, { ...owner, invisible: formData.get("invisible") === "on" });
    return { saved: "invisible" as const };
  }
  if (intent === "unblock") {
    await unblockProfile(db, { blockerId: member.profileId, blockedId: Number(formData.get("profile")) });
    return { saved: "unblock" as const };
  }

  const submission = parseWithZod(formData, { schema: profileSchema(schemaInput(context, member)) });
  if (submission.status !== "success") return { result: submission.reply() };
  const place = settlePlace(submission.value);
  if (!place.ok) {
    const { country, region, city } = submission.value;
    return { result: submission.reply({ formErrors: ["members:edit.notSaved"] }), place: { error: place.values, typed: { country, region: region ?? null, city: city ?? null } } };
  }
  const saved = await updateProfile(db, {
    siteId: site.id,
    accountId: member.accountId,
    profileId: member.profileId,
    form: { ...submission.value, region: place.region },
    visibleFields: site.visible_profile_fields,
    consent: formData.get(CONSENT_FIELD) === "on" ? consentAsShown(context) : undefined,
  });
  if (saved.status === "consent_required") {
    return { result: submission.reply({ formErrors: ["members:edit.notSaved"], fieldErrors: { [CONSENT_FIELD]: [CONSENT_REQUIRED_KEY] } }) };
  }
  return { result: submission.reply(), saved: "profile" as const };
}

/**
 * The member's own profile (§2 /profile): how complete it is, photo slots, every label of §3,
 * location, interests by group, invisible mode, blocks.
 */
export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state === "submitting";
  const { profile } = data;
  const visible = new Set<string>(data.visible);
  const [profileForm, fields] = useCheckedForm(
    "profile",
    () => import("../../server/profiles/labels").then((labels) => labels.profileSchema(data.schemaInput)),
    actionData && "result" in actionData ? actionData.result : undefined,
    { defaultValue: { name: profile.name, date_of_birth: profile.date_of_birth, about_me: profile.about_me ?? "" } },
  );
  const photoOutcome = actionData && "photo" in actionData ? actionData.photo : undefined;
  const place = actionData && "place" in actionData ? actionData.place : undefined;
  const saved = actionData && "saved" in actionData ? actionData.saved : undefined;
  const deleting = data.photos.findIndex((photo) => String(photo.id) === searchParams.get("delete"));

  const choice = (field: ChoiceField) =>
    visible.has(field) ? (
      <div key={field} className={form.field}>
        <label htmlFor={`profile-${field}`} className={form.label}>
          {t(`labels.${field}`)}
        </label>
        <select id={`profile-${field}`} name={field} defaultValue={profile[field] ?? ""} className={form.input}>
          <option value="">{t("edit.notSaid")}</option>
          {PROFILE_CHOICES[field].map((value) => (
            <option key={value} value={value}>
              {t(`label.${field}.${value}`)}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  return (
    <main id="main" className={page.page}>
      <div className={page.top}>
        <h1 className={form.heading}>{data.title}</h1>
        <Link to={`/members/${profile.id}`} className={form.link}>
          {t("edit.viewAsOthers")}
        </Link>
      </div>

      <CompletenessMeter completeness={data.completeness} />

      <section className={page.card} aria-labelledby="photos-title">
        <h2 id="photos-title" className={page.cardTitle}>
          {t("edit.photos")} <span className={page.count}>{t("edit.photoCount", { count: data.photos.length, limit: data.photoLimit })}</span>
        </h2>
        {deleting >= 0 ? <PhotoDelete photo={data.photos[deleting]!} position={deleting + 1} /> : null}
        <PhotoSlots
          photos={data.photos}
          limit={data.photoLimit}
          premiumLimit={data.premiumLimit}
          paidUser={data.paidUser}
          maxMegabytes={data.maxMegabytes}
          outcome={photoOutcome}
          busy={busy}
        />
      </section>

      <section className={page.card} aria-labelledby="details-title">
        <h2 id="details-title" className={page.cardTitle}>
          {t("edit.details")}
        </h2>
        <Form method="post" id={profileForm.id} onSubmit={profileForm.onSubmit} noValidate className={form.form} preventScrollReset>
          <input type="hidden" name="intent" value="profile" />
          <Messages messages={profileForm.errors} />
          <div className={styles.columns}>
            <Field meta={fields.name} label={t("labels.name")} maxLength={30} inputProps={{}} />
            <Field meta={fields.date_of_birth} label={t("labels.date_of_birth")} type="date" values={{ min_age: data.schemaInput.minAge }} />
          </div>
          <p className={form.hint}>{t("edit.ageOnly")}</p>
          {visible.has("about_me") ? (
            <div id="about-me">
              <Field meta={fields.about_me} label={t("labels.about_me")} multiline maxLength={2000} optional />
            </div>
          ) : null}
          <div className={styles.columns}>{CHOICE_FIELDS.map(choice)}</div>
          <LocationFields
            countries={data.countries}
            initial={place?.typed ?? { country: profile.country, region: profile.region, city: profile.city }}
            initialTownRegions={data.townRegions}
            showRegion={visible.has("region")}
            showCity={visible.has("city")}
            error={place?.error}
          />
          {visible.has("interests") ? <InterestGroups groups={data.interestGroups} chosen={profile.interests} /> : null}
          {!data.consentGiven && (visible.has("sexuality") || visible.has("interests")) ? (
            <ConsentBox id="profile-consent" siteName={data.schemaInput.brandName} errors={profileForm.allErrors[CONSENT_FIELD]} />
          ) : null}
          <div role="status">{saved === "profile" ? <p className={form.success}>{t("edit.saved")}</p> : null}</div>
          <button type="submit" className={form.button} disabled={busy}>
            {t("edit.save")}
          </button>
        </Form>
      </section>

      <section className={page.card} aria-labelledby="privacy-title">
        <h2 id="privacy-title" className={page.cardTitle}>
          {t("edit.invisibleTitle")}
        </h2>
        <p className={form.hint}>{t("edit.invisibleText")}</p>
        <Form method="post" className={page.inline}>
          <input type="hidden" name="intent" value="invisible" />
          <input type="hidden" name="invisible" value={profile.invisible ? "off" : "on"} />
          <p className={page.state}>{profile.invisible ? t("edit.invisibleOn") : t("edit.invisibleOff")}</p>
          <button type="submit" className={form.secondaryButton} disabled={busy}>
            {profile.invisible ? t("edit.becomeVisible") : t("edit.becomeInvisible")}
          </button>
        </Form>
      </section>

      {data.blocked.length ? (
        <section className={page.card} aria-labelledby="blocked-title">
          <h2 id="blocked-title" className={page.cardTitle}>
            {t("edit.blockedTitle")}
          </h2>
          <ul className={page.blockedList}>
            {data.blocked.map((entry) => (
              <li key={entry.id} className={page.inline}>
                <span>{entry.name}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="profile" value={entry.id} />
                  <button type="submit" className={form.linkButton} disabled={busy}>
                    {t("profile.unblock")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
