import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { photosOf } from "../../server/photos/photos";
import * as styles from "../components/form.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { PHOTO_LIMIT_VALUES, uploadOwnPhoto } from "../lib/profile-photos.server";
import * as steps from "./activate.css";

export const handle = { i18n: ["account", "photos"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  const member = context.member;
  // Someone signed in whose account still waits for activation has nothing to celebrate here.
  if (member && member.status !== "confirmed") throw redirect("/complete-signup");
  const photos = member ? await photosOf({ db: context.services.store.db, profileId: member.profileId, viewer: "owner" }) : [];
  return {
    title: context.t("account:activated.title"),
    signedIn: Boolean(member),
    credits: member ? context.site.signup_credits : 0,
    hasPhoto: photos.some((photo) => photo.status !== "rejected"),
    maxMegabytes: PHOTO_LIMIT_VALUES.megabytes,
  };
}

/** The first photo, added right here: the first step after activation. */
export async function action({ request, context }: ActionFunctionArgs) {
  return uploadOwnPhoto(request, context, requireMember(context, request));
}

/**
 * Activation done (§2): what to do first, in order. A photo first (members with one get far more
 * replies), then premium; searching is always a tap away.
 */
export default function ActivateDone() {
  const { title, signedIn, credits, hasPhoto, maxMegabytes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main id="main" className={steps.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{credits > 0 ? t("activated.leadCredits", { count: credits }) : t("activated.lead")}</p>
      <ol className={steps.steps}>
        <li className={hasPhoto ? steps.step.done : steps.step.current}>
          <span className={steps.marker[hasPhoto ? "done" : "current"]} aria-hidden="true">
            {hasPhoto ? "✓" : "1"}
          </span>
          <div className={steps.body}>
            <h2 id="step-photo" className={steps.title}>
              {t("activated.photoTitle")}
            </h2>
            {hasPhoto ? (
              <p className={steps.text}>
                {t("activated.photoDone")}{" "}
                <Link to="/profile" className={styles.link}>
                  {t("activated.photoManage")}
                </Link>
              </p>
            ) : (
              <>
                <p className={steps.text}>{t("activated.photoText")}</p>
                {signedIn ? (
                  <FirstPhoto maxMegabytes={maxMegabytes} />
                ) : (
                  <Link to="/login?redirectTo=%2Factivate%2Fdone" className={styles.button}>
                    {t("activated.photoLogin")}
                  </Link>
                )}
              </>
            )}
          </div>
        </li>
        <li className={hasPhoto ? steps.step.current : steps.step.next}>
          <span className={steps.marker[hasPhoto ? "current" : "next"]} aria-hidden="true">
            2
          </span>
          <div className={steps.body}>
            <h2 id="step-premium" className={steps.title}>
              {t("activated.premiumTitle")}
            </h2>
            <p className={steps.text}>{t("activated.premiumText")}</p>
            <Link to="/premium" className={hasPhoto ? styles.button : styles.secondaryButton}>
              {t("activated.premiumAction")}
            </Link>
          </div>
        </li>
      </ol>
      <p className={steps.later}>
        <Link to={signedIn ? "/members" : "/login?redirectTo=%2Fmembers"} className={styles.link}>
          {t("activated.searchAction")}
        </Link>
      </p>
    </main>
  );
}

/** A large photo slot to tap, the chosen photo shown in it before it goes up, and how the upload went. */
function FirstPhoto({ maxMegabytes }: { maxMegabytes: number }) {
  const { t } = useTranslation(["account", "photos"]);
  const outcome = useActionData<typeof action>();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const [preview, setPreview] = useState<string>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : undefined);
  };
  return (
    <Form method="post" encType="multipart/form-data" className={steps.upload}>
      <label className={steps.slot}>
        {preview ? <img src={preview} alt="" className={steps.preview} /> : <span className={steps.plus} aria-hidden="true">+</span>}
        <span className={steps.slotLabel}>{preview ? t("activated.photoOther") : t("activated.photoChoose")}</span>
        <input type="file" name="photo" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" required onChange={choose} className={steps.fileInput} />
      </label>
      <p className={styles.hint}>{t("activated.photoHint", { megabytes: maxMegabytes })}</p>
      <div role="status">{outcome && !outcome.ok ? <p className={styles.alert}>{t(outcome.message, outcome.values)}</p> : null}</div>
      <button type="submit" className={styles.button} disabled={uploading}>
        {uploading ? t("activated.photoUploading") : t("activated.photoUpload")}
      </button>
    </Form>
  );
}
