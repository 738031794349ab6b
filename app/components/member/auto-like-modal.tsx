import { Link, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AutoLiked } from "../../../server/likes/auto-like";
import { apiFetch } from "../../lib/api";
import { Modal } from "../modal";
import * as styles from "./like-modals.css";
import { LIKES_RELOAD_MS, readAutoLikeQuery, type AutoLikeQuery } from "./auto-like-query";
import { ProfilePhoto } from "./match-modal";

/**
 * The like modal (§4): when the address carries ?t=, the parameter leaves the address at once and
 * t seconds later an auto-like supplies the profile, offered to view; the likes reload 500 ms on.
 */
export function AutoLikeModal() {
  const { t } = useTranslation("likes");
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The revalidator changes identity as it runs; the timers below belong to the pending request only.
  const latestRevalidator = useRef(revalidator);
  useEffect(() => {
    latestRevalidator.current = revalidator;
  });
  const [pending, setPending] = useState<AutoLikeQuery>();
  const [profile, setProfile] = useState<AutoLiked>();
  const [readFor, setReadFor] = useState<string>();
  const params = new URLSearchParams(location.search);
  if (params.has("t") && readFor !== location.key) {
    setReadFor(location.key);
    setPending(readAutoLikeQuery(params));
  }

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has("t")) return;
    params.delete("t");
    params.delete("profile");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [location, navigate]);

  useEffect(() => {
    if (!pending) return;
    let reload: number | undefined;
    const timer = window.setTimeout(async () => {
      const response = await apiFetch(`/api/auto-like.php${pending.profile ? `?profile=${pending.profile}` : ""}`).catch(() => undefined);
      const answer = response?.ok ? ((await response.json()) as { profile: AutoLiked | null }) : undefined;
      if (!answer?.profile) return;
      setProfile(answer.profile);
      reload = window.setTimeout(() => latestRevalidator.current.revalidate(), LIKES_RELOAD_MS);
    }, pending.delayMs);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(reload);
    };
  }, [pending]);

  if (!profile) return null;
  const close = () => {
    setProfile(undefined);
    setPending(undefined);
  };
  const shown = { name: profile.name, image: profile.main_image };
  return (
    <Modal labelledBy="like-modal-title" onClose={close}>
      <div className={styles.photos}>
        <ProfilePhoto profile={shown} />
      </div>
      <h2 id="like-modal-title" className={styles.title}>
        {t("likeModal.title", { name: profile.name })}
      </h2>
      <p className={styles.text}>{t("likeModal.text", { name: profile.name })}</p>
      <div className={styles.actions}>
        <Link to={`/likes/m/${profile.id}`} className={styles.primary} onClick={close}>
          {t("likeModal.view")}
        </Link>
        <button type="button" className={styles.secondary} onClick={close}>
          {t("likeModal.later")}
        </button>
      </div>
    </Modal>
  );
}
