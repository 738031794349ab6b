import { Form, Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../lib/use-hydrated";
import * as form from "../form.css";
import { Modal } from "../modal";
import type { EditorPhoto } from "./photo-slots";
import * as styles from "./photo-delete.css";

/**
 * Asks before a photo is deleted (the slot's delete link opens /profile?delete=<id>): a modal
 * dialog with JavaScript, a panel above the photos without it. Keeping it closes the question.
 */
export function PhotoDelete({ photo, position }: { photo: EditorPhoto; position: number }) {
  const { t } = useTranslation(["photos", "members"]);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate("/profile", { replace: true, preventScrollReset: true });
  const body = (
    <div className={styles.confirm}>
      <img src={photo.thumb_filename} alt="" className={styles.confirmImage} width={400} height={400} />
      <h2 id="photo-delete-title" className={styles.confirmTitle}>
        {t("delete.title", { position })}
      </h2>
      <p className={form.hint}>{photo.main ? t("delete.main") : t("delete.text")}</p>
      <div className={styles.confirmActions}>
        <Form method="post" action="/profile" preventScrollReset>
          <input type="hidden" name="photo" value={photo.id} />
          <button type="submit" name="intent" value="delete-photo" className={form.button}>
            {t("delete.confirm")}
          </button>
        </Form>
        <Link to="/profile" replace preventScrollReset className={form.secondaryButton}>
          {t("delete.keep")}
        </Link>
      </div>
    </div>
  );
  if (!hydrated) {
    return (
      <section role="alertdialog" aria-labelledby="photo-delete-title" className={styles.confirmPanel}>
        {body}
      </section>
    );
  }
  return (
    <Modal labelledBy="photo-delete-title" onClose={close}>
      {body}
    </Modal>
  );
}
