import { media } from "../../themes/breakpoints";

/**
 * "Sign up" on a lander (SignupLink): the signup page on a phone and without JavaScript, the dialog
 * the page carries on a desktop (VisitorSignupDialog), saying what the visitor tried ("Sign up free
 * to like Kees") and bringing them back here once signed up. The form in it posts as the signup
 * page's does.
 */
export function openSignupOnDesktop(): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog#signup-dialog");
  const title = dialog?.querySelector("#signup-modal-title");
  if (!dialog || !title) return;
  const returnTo = dialog.querySelector<HTMLInputElement>("input[name=redirectTo]");

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-signup]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!window.matchMedia(media.md).matches) return;
    event.preventDefault();
    const intent = link.dataset.signup;
    const template = intent ? dialog.dataset[`title-${intent}`.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] : undefined;
    title.textContent = template ? template.replace("{name}", link.dataset.name ?? "") : (dialog.dataset.title ?? "");
    // Back here after signing up, when the visitor came for someone; to the start otherwise.
    if (returnTo) {
      returnTo.value = window.location.pathname + window.location.search;
      returnTo.disabled = !template;
    }
    dialog.showModal();
  });
  // A click on the shade around the card closes it, as Escape does.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}
