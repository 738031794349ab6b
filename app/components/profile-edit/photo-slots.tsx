import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PhotoStatus } from "../../../server/db/schema";
import { CLIENT_REQUEST_HEADER, signsOut } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as form from "../form.css";
import { ArrowIcon, PlusIcon, StarIcon, TrashIcon } from "./photo-icons";
import * as styles from "./photo-slots.css";

/** rejection_reason: a moderator's words on a refused ('rejected') photo, which only its owner sees. */
export type EditorPhoto = { id: number; status: PhotoStatus; main: boolean; thumb_filename: string; rejection_reason: string | null };
/** An upload's or a photo action's outcome: a catalogue key with its values, or a text the server already translated. */
export type PhotoMessage = { ok: boolean; message: string; values?: Record<string, number>; translated?: boolean };
export type PhotoMove = "earlier" | "later";

type Upload =
  | { phase: "idle" }
  | { phase: "chosen"; file: File; preview: string }
  | { phase: "uploading"; file: File; preview: string; percent: number }
  /** Sent and stored; the list is being reloaded to show it. */
  | { phase: "saved"; preview: string; photosBefore: number };

type Props = {
  photos: EditorPhoto[];
  limit: number;
  premiumLimit: number;
  paidUser: boolean;
  maxMegabytes: number;
  /** What the last form post (without JavaScript) came to. */
  outcome: PhotoMessage | undefined;
  busy: boolean;
};

const UPLOAD_FORM = "photo-upload";
const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif";
/** Slots a premium member sees before filling them: two rows of the grid. */
const PREMIUM_SLOTS_SHOWN = 6;

/**
 * The member's photos as slots (§9: free 3, premium 25): tap an empty one to choose a photo, see it
 * before and while it uploads with its progress, then it takes its place. Each photo moves left or
 * right, becomes the main photo (which puts it first) or is deleted after a confirmation. Without
 * JavaScript the same forms post to the page.
 */
export function PhotoSlots({ photos, limit, premiumLimit, paidUser, maxMegabytes, outcome, busy }: Props) {
  const { t } = useTranslation(["photos", "members", "common"]);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [sending, setUpload] = useState<Upload>({ phase: "idle" });
  const [message, setMessage] = useState<PhotoMessage | undefined>(outcome);
  const [lastOutcome, setLastOutcome] = useState(outcome);
  const [moved, setMoved] = useState<{ id: number; to: PhotoMove }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest>();
  const atLimit = photos.length >= limit;
  const slots = Math.min(limit, Math.max(photos.length + 1, paidUser ? PREMIUM_SLOTS_SHOWN : limit));
  // A saved photo's preview gives way once the reloaded list shows the photo itself.
  const upload: Upload = sending.phase === "saved" && photos.length > sending.photosBefore ? { phase: "idle" } : sending;
  const preview = upload.phase === "idle" ? undefined : upload.preview;

  // A form post's answer (without JavaScript, or a photo action) replaces what was said before.
  if (outcome !== lastOutcome) {
    setLastOutcome(outcome);
    setMessage(outcome);
  }

  // The object URL of a preview lives as long as the preview.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  useEffect(() => () => request.current?.abort(), []);

  // After a move the list is drawn anew: the keyboard stays on the photo that moved.
  useEffect(() => {
    if (!moved) return;
    const buttons = [moved.to, moved.to === "earlier" ? "later" : "earlier"].map((to) => document.querySelector<HTMLButtonElement>(`[data-photo="${moved.id}"][data-move="${to}"]`));
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [photos, moved]);

  function choose(file: File | undefined) {
    setMessage(undefined);
    setMoved(undefined);
    if (!file) return setUpload({ phase: "idle" });
    if (file.size > maxMegabytes * 1024 * 1024) {
      if (fileInput.current) fileInput.current.value = "";
      setMessage({ ok: false, message: "photos:error.too_large", values: { megabytes: maxMegabytes } });
      return setUpload({ phase: "idle" });
    }
    setUpload({ phase: "chosen", file, preview: URL.createObjectURL(file) });
  }

  function cancel() {
    request.current?.abort();
    if (fileInput.current) fileInput.current.value = "";
    setUpload({ phase: "idle" });
  }

  /** With JavaScript the photo goes by XMLHttpRequest, the one browser API that reports upload progress. */
  function send(event: FormEvent<HTMLFormElement>) {
    if (upload.phase !== "chosen") return;
    event.preventDefault();
    const { file, preview: shown } = upload;
    const body = new FormData();
    body.append("photo", file);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", "/api/photos");
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Request-Type", CLIENT_REQUEST_HEADER["X-Request-Type"]);
    xhr.upload.addEventListener("progress", (progress) => {
      if (progress.lengthComputable) setUpload({ phase: "uploading", file, preview: shown, percent: Math.round((100 * progress.loaded) / progress.total) });
    });
    xhr.addEventListener("load", () => {
      const answer = (xhr.response ?? {}) as Partial<PhotoMessage> & { error?: string };
      if (signsOut("/api/photos", xhr.status, answer)) return window.location.assign("/login");
      if (fileInput.current) fileInput.current.value = "";
      if (answer.ok) {
        setMessage({ ok: true, message: answer.message ?? "photos:added.active" });
        setUpload({ phase: "saved", preview: shown, photosBefore: photos.length });
        revalidator.revalidate();
        return;
      }
      if (answer.ok === false) setMessage({ ok: false, message: answer.message ?? "common:errors.generic", values: answer.values });
      // The request limits answer before the page does, with a text already in the visitor's language.
      else setMessage(answer.message ? { ok: false, message: answer.message, translated: true } : { ok: false, message: "common:errors.generic" });
      setUpload({ phase: "idle" });
    });
    xhr.addEventListener("error", () => {
      setMessage({ ok: false, message: "common:errors.generic" });
      setUpload({ phase: "chosen", file, preview: shown });
    });
    setUpload({ phase: "uploading", file, preview: shown, percent: 0 });
    xhr.send(body);
  }

  const messageText = message && (message.translated ? message.message : t(message.message, message.values));
  const rejected = photos.flatMap((photo, index) => (photo.status === "rejected" ? [{ photo, position: index + 1 }] : []));

  return (
    <>
      <ol className={styles.grid} aria-label={t("members:edit.photos")}>
        {photos.map((photo, index) => {
          const values = { position: index + 1, count: photos.length };
          return (
            <li key={photo.id} className={styles.slot}>
              <img
                src={photo.thumb_filename}
                alt={t("slots.photo", values)}
                className={photo.status === "rejected" ? `${styles.image} ${styles.rejectedImage}` : styles.image}
                width={400}
                height={400}
                aria-describedby={photo.status === "rejected" ? rejectionId(photo.id) : undefined}
              />
              {photo.status === "inspection" ? (
                <span className={styles.badge}>{t("status.inspection")}</span>
              ) : photo.status === "rejected" ? (
                <span className={`${styles.badge} ${styles.rejectedBadge}`}>{t("status.rejected")}</span>
              ) : photo.main ? (
                <span className={styles.badge}>{t("members:edit.mainPhoto")}</span>
              ) : null}
              <Form method="post" className={styles.controls} preventScrollReset>
                <input type="hidden" name="photo" value={photo.id} />
                {!photo.main && photo.status === "active" ? (
                  <button type="submit" name="intent" value="main-photo" className={`${styles.control} ${styles.topLeft}`} disabled={busy} aria-label={t("slots.makeMain", values)} title={t("slots.makeMain", values)}>
                    <StarIcon />
                  </button>
                ) : null}
                <Link
                  to={`?delete=${photo.id}`}
                  preventScrollReset
                  className={`${styles.control} ${styles.topRight}`}
                  aria-label={t("slots.delete", values)}
                  title={t("slots.delete", values)}
                >
                  <TrashIcon />
                </Link>
                {/* A refused photo only waits to be deleted: it has no place in the order others see. */}
                {(photo.status === "rejected" ? [] : (["earlier", "later"] as const)).map((to) => (
                  <button
                    key={to}
                    type="submit"
                    name="intent"
                    value={`photo-${to}`}
                    className={`${styles.control} ${to === "earlier" ? styles.bottomLeft : styles.bottomRight}`}
                    disabled={busy || (to === "earlier" ? index === 0 : index === photos.length - 1)}
                    aria-label={t(to === "earlier" ? "slots.moveLeft" : "slots.moveRight", values)}
                    title={t(to === "earlier" ? "slots.moveLeft" : "slots.moveRight", values)}
                    data-photo={photo.id}
                    data-move={to}
                    onClick={() => setMoved({ id: photo.id, to })}
                  >
                    <ArrowIcon direction={to === "earlier" ? "left" : "right"} />
                  </button>
                ))}
              </Form>
            </li>
          );
        })}
        {Array.from({ length: slots - photos.length }, (_, offset) => {
          if (offset === 0 && preview) {
            return (
              <li key="preview" className={styles.slot}>
                <img src={preview} alt={t("slots.preview")} className={`${styles.image} ${styles.previewImage}`} onError={(event) => (event.currentTarget.hidden = true)} />
                {upload.phase === "chosen" ? <span className={styles.badge}>{t("slots.chosen")}</span> : null}
                {upload.phase === "uploading" || upload.phase === "saved" ? (
                  <UploadProgress percent={upload.phase === "saved" ? 100 : upload.percent} label={t("slots.uploading")} />
                ) : null}
              </li>
            );
          }
          if (offset === 0 && !atLimit) {
            return (
              <li key="add" className={styles.slot}>
                <label className={styles.add}>
                  <input
                    ref={fileInput}
                    type="file"
                    name="photo"
                    form={UPLOAD_FORM}
                    accept={ACCEPTED}
                    required
                    className={styles.fileInput}
                    onChange={(event) => choose(event.target.files?.[0])}
                  />
                  <PlusIcon />
                  <span>{t("members:edit.addPhoto")}</span>
                </label>
              </li>
            );
          }
          // Further empty places open the same picker; the keyboard reaches it through the first.
          return (
            <li key={`empty-${offset}`} className={styles.slot} aria-hidden="true">
              <span className={styles.empty} onClick={() => !preview && fileInput.current?.click()}>
                <PlusIcon />
              </span>
            </li>
          );
        })}
      </ol>

      {rejected.length > 0 ? (
        <ul className={styles.rejections}>
          {rejected.map(({ photo, position }) => (
            <li key={photo.id} id={rejectionId(photo.id)} className={styles.rejection}>
              <strong>{t("rejected.title", { position })}</strong> {t("rejected.reason", { reason: photo.rejection_reason ?? "" })} {t("rejected.help")}{" "}
              <Link to={`?delete=${photo.id}`} preventScrollReset className={form.link}>
                {t("slots.delete", { position })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <div role="status" className={styles.status}>
        {messageText ? <p className={message?.ok ? form.success : form.alert}>{messageText}</p> : null}
        {moved ? <span className={visuallyHidden}>{t("slots.moved", { position: photos.findIndex((photo) => photo.id === moved.id) + 1, count: photos.length })}</span> : null}
      </div>

      {atLimit ? (
        <p className={form.notice}>
          {t("error.limit_reached")} {paidUser ? null : t("error.limit_reached_free", { premium: premiumLimit })}
        </p>
      ) : (
        <Form id={UPLOAD_FORM} method="post" encType="multipart/form-data" className={styles.upload} onSubmit={send} preventScrollReset>
          {/* Without JavaScript the button is always there; with it, once there is a photo to send. */}
          {!hydrated || upload.phase === "chosen" || upload.phase === "uploading" ? (
            <div className={styles.uploadActions}>
              <button type="submit" className={form.button} disabled={busy || upload.phase === "uploading"}>
                {upload.phase === "uploading" ? t("members:edit.uploading") : t("members:edit.upload")}
              </button>
              {hydrated ? (
                <button type="button" className={form.secondaryButton} onClick={cancel}>
                  {t("slots.cancel")}
                </button>
              ) : null}
            </div>
          ) : null}
          <p className={form.hint}>
            {t("members:edit.photoHint", { megabytes: maxMegabytes })}
            {paidUser ? null : (
              <>
                {" "}
                <Link to="/premium" className={form.link}>
                  {t("slots.premiumMore", { premium: premiumLimit })}
                </Link>
              </>
            )}
          </p>
        </Form>
      )}
    </>
  );
}

const rejectionId = (photoId: number) => `photo-${photoId}-rejected`;

/** A ring that fills as the photo goes up, with the share in words for screen readers. */
function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const circumference = 2 * Math.PI * 20;
  return (
    <div className={styles.progress} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <svg viewBox="0 0 48 48" className={styles.ring} aria-hidden="true">
        <circle cx="24" cy="24" r="20" className={styles.ringTrack} />
        <circle cx="24" cy="24" r="20" className={styles.ringValue} strokeDasharray={circumference} strokeDashoffset={circumference * (1 - percent / 100)} />
      </svg>
      <span className={styles.percent}>{percent}%</span>
    </div>
  );
}
