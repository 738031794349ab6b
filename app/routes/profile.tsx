import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Member } from "../../server/accounts/member";
import { addPhoto, deletePhoto, photoLimit, photosOf, setMainPhoto } from "../../server/photos/photos";
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from "../../server/photos/process";
import { readPhotoUpload } from "../../server/photos/upload";
import { photoUrls } from "../../server/photos/urls";
import { blockedByMember, unblockProfile } from "../../server/profiles/blocks";
import { CHOICE_FIELDS, PROFILE_CHOICES, type ChoiceField } from "../../server/profiles/choices";
import { profileSchema } from "../../server/profiles/labels";
import { regionsOf } from "../../server/profiles/places";
import { loadOwnProfile, setInvisible, updateProfile } from "../../server/profiles/profile";
import { COUNTRIES, isCountryCode } from "../../server/sites/countries";
import { Field, Messages } from "../components/form-field";
import * as form from "../components/form.css";
import { LocationFields } from "../components/profile-edit/location-fields";
import * as styles from "../components/profile-edit/profile-edit.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
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
  const [profile, photos, blocked] = await Promise.all([
    ownProfile(context, member),
    photosOf({ db, profileId: member.profileId, viewer: "owner" }),
    blockedByMember(db, { blockerId: member.profileId }),
  ]);
  const countryName = countryNamer(context.language);
  return {
    title: t("members:edit.title"),
    profile: { ...profile, geolocation: undefined },
    visible: site.visible_profile_fields,
    interests: site.interests.map((tag) => ({ tag, label: t(`members:interest.${tag}`, { defaultValue: tag.replaceAll("_", " ") }) })),
    countries: site.countries.map((code) => ({
      code,
      name: countryName(code),
      regionLabel: isCountryCode(code) ? t(`members:region_label.${COUNTRIES[code].regionLabel}`) : "",
      regions: isCountryCode(code) ? regionsOf(code) : [],
    })),
    photos: photos.map((photo) => ({ id: photo.id, status: photo.status, main: photo.main, ...photoUrls(site, photo) })),
    photoLimit: photoLimit(member.paidUser),
    premiumLimit: LIMIT_VALUES.premium,
    paidUser: member.paidUser,
    maxMegabytes: MAX_UPLOAD_BYTES / 1024 / 1024,
    blocked: blocked.map(({ id, name }) => ({ id, name })),
    schemaInput: schemaInput(context, member),
  };
}

const LIMIT_VALUES = { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024, megapixels: MAX_INPUT_PIXELS / 1_000_000, premium: photoLimit(true) };

type PhotoOutcome = { photo: { ok: boolean; message: string; values?: Record<string, number> } };

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const { site } = context;
  const db = context.services.store.db;
  const owner = { siteId: site.id, profileId: member.profileId };

  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const upload = await readPhotoUpload(request);
    if (!upload.ok) return { photo: { ok: false, message: `photos:error.${upload.error}`, values: LIMIT_VALUES } } satisfies PhotoOutcome;
    const added = await addPhoto({ db, storage: context.services.photos, site, profileId: member.profileId, accountId: member.accountId, bytes: upload.bytes });
    if (added.ok) return { photo: { ok: true, message: added.photo.status === "inspection" ? "photos:added.inspection" : "photos:added.active" } } satisfies PhotoOutcome;
    const message = added.error === "limit_reached" && !member.paidUser ? "photos:error.limit_reached_free" : `photos:error.${added.error}`;
    return { photo: { ok: false, message, values: LIMIT_VALUES } } satisfies PhotoOutcome;
  }

  const formData = await request.formData();
  const intent = formData.get("intent");
  const photoId = Number(formData.get("photo"));
  if (intent === "main-photo") return { photoDone: (await setMainPhoto({ db, ...owner, photoId })).ok };
  if (intent === "delete-photo") return { photoDone: (await deletePhoto({ db, storage: context.services.photos, ...owner, photoId, log: context.log })).ok };
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
  const regions = isCountryCode(submission.value.country) ? regionsOf(submission.value.country) : [];
  const region = regions.some((entry) => entry.code === submission.value.region) ? submission.value.region : undefined;
  await updateProfile(db, {
    siteId: site.id,
    accountId: member.accountId,
    profileId: member.profileId,
    form: { ...submission.value, region },
    visibleFields: site.visible_profile_fields,
  });
  return { result: submission.reply(), saved: "profile" as const };
}

/** The member's own profile (§2 /profile): photos, every label of §3, location, invisible mode, blocks. */
export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const navigation = useNavigation();
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
  const saved = actionData && "saved" in actionData ? actionData.saved : undefined;
  const atLimit = data.photos.length >= data.photoLimit;

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
        <Link to={`/members/${profile.id}`} className={form.link} reloadDocument={false}>
          {t("edit.viewAsOthers")}
        </Link>
      </div>

      <section className={page.card} aria-labelledby="photos-title">
        <h2 id="photos-title" className={page.cardTitle}>
          {t("edit.photos")} <span className={page.count}>{t("edit.photoCount", { count: data.photos.length, limit: data.photoLimit })}</span>
        </h2>
        {data.photos.length ? (
          <ul className={styles.photos}>
            {data.photos.map((photo) => (
              <li key={photo.id} className={styles.photo}>
                <img src={photo.thumb_filename} alt="" className={styles.photoImage} width={400} height={400} />
                {photo.status === "inspection" ? <span className={styles.badge}>{t("photos:status.inspection")}</span> : photo.main ? <span className={styles.badge}>{t("edit.mainPhoto")}</span> : null}
                <Form method="post" className={styles.photoActions}>
                  <input type="hidden" name="photo" value={photo.id} />
                  {!photo.main && photo.status === "active" ? (
                    <button type="submit" name="intent" value="main-photo" className={form.linkButton} disabled={busy}>
                      {t("edit.makeMain")}
                    </button>
                  ) : null}
                  <button type="submit" name="intent" value="delete-photo" className={form.linkButton} disabled={busy}>
                    {t("edit.deletePhoto")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className={form.hint}>{t("edit.noPhotos")}</p>
        )}
        <div role="status">
          {photoOutcome ? <p className={photoOutcome.ok ? form.success : form.alert}>{t(photoOutcome.message, photoOutcome.values)}</p> : null}
        </div>
        {atLimit ? (
          <p className={form.notice}>
            {t("photos:error.limit_reached")} {data.paidUser ? null : t("photos:error.limit_reached_free", { premium: data.premiumLimit })}
          </p>
        ) : (
          <Form method="post" encType="multipart/form-data" className={styles.upload}>
            <label className={form.field}>
              <span className={form.label}>{t("edit.addPhoto")}</span>
              <input type="file" name="photo" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" required className={styles.fileInput} />
              <span className={form.hint}>{t("edit.photoHint", { megabytes: data.maxMegabytes })}</span>
            </label>
            <button type="submit" className={form.button} disabled={busy}>
              {busy && navigation.formEncType === "multipart/form-data" ? t("edit.uploading") : t("edit.upload")}
            </button>
          </Form>
        )}
      </section>

      <section className={page.card} aria-labelledby="details-title">
        <h2 id="details-title" className={page.cardTitle}>
          {t("edit.details")}
        </h2>
        <Form method="post" id={profileForm.id} onSubmit={profileForm.onSubmit} noValidate className={form.form}>
          <input type="hidden" name="intent" value="profile" />
          <Messages messages={profileForm.errors} />
          <div className={styles.columns}>
            <Field meta={fields.name} label={t("labels.name")} maxLength={30} inputProps={{}} />
            <Field meta={fields.date_of_birth} label={t("labels.date_of_birth")} type="date" values={{ min_age: data.schemaInput.minAge }} />
          </div>
          <p className={form.hint}>{t("edit.ageOnly")}</p>
          <div className={styles.columns}>{CHOICE_FIELDS.map(choice)}</div>
          {visible.has("about_me") ? <Field meta={fields.about_me} label={t("labels.about_me")} multiline maxLength={2000} optional /> : null}
          <LocationFields
            countries={data.countries}
            initial={{ country: profile.country, region: profile.region, city: profile.city }}
            showRegion={visible.has("region")}
            showCity={visible.has("city")}
          />
          {visible.has("interests") ? (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t("labels.interests")}</legend>
              <div className={styles.toggles}>
                {data.interests.map(({ tag, label }) => (
                  <span key={tag} className={styles.toggle}>
                    <input type="checkbox" name="interests" value={tag} id={`interest-${tag}`} defaultChecked={profile.interests.includes(tag)} className={styles.toggleInput} />
                    <label htmlFor={`interest-${tag}`} className={styles.toggleLabel}>
                      {label}
                    </label>
                  </span>
                ))}
              </div>
            </fieldset>
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
