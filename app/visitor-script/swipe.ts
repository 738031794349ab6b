/**
 * The tinderswipe lander's stack (lander-tinderswipe.tsx), dealt as the app's swipe game deals:
 * ✕ or a drag to the left shows the next member; ♥ or a drag to the right is the signup to like the
 * member on top (its link, which opens the dialog on a desktop). After the last card, the end.
 */
export function dealSwipeCards(): void {
  const deck = document.querySelector<HTMLElement>("[data-swipe-deck]");
  const passButton = deck?.querySelector<HTMLButtonElement>("[data-swipe-pass]");
  const likeLink = deck?.querySelector<HTMLAnchorElement>("a[data-signup]");
  if (!deck || !passButton || !likeLink) return;
  const cards = [...deck.querySelectorAll<HTMLElement>("article[data-place]")];
  const end = document.querySelector<HTMLElement>("[data-swipe-end]");
  const swipePx = Number(deck.dataset.swipePx) || 110;
  let shown = 0;

  const place = () => {
    cards.forEach((card, i) => {
      const role = i === shown ? "top" : i === shown + 1 ? "behind" : undefined;
      card.hidden = role === undefined;
      card.dataset.place = role ?? (i < shown ? "passed" : "waiting");
      if (role === "top") card.removeAttribute("aria-hidden");
      else card.setAttribute("aria-hidden", "true");
      card.style.transform = "";
    });
    const top = cards[shown];
    if (!top) {
      // Every member passed: the stack and its buttons make way for the end, which takes the focus.
      deck.remove();
      if (end) {
        end.hidden = false;
        end.tabIndex = -1;
        end.focus();
      }
      return;
    }
    // The buttons speak of the member on top: "Pass on Kees", "Like Kees".
    passButton.setAttribute("aria-label", top.dataset.passLabel ?? "");
    passButton.title = top.dataset.passLabel ?? "";
    likeLink.href = top.dataset.like ?? likeLink.href;
    likeLink.setAttribute("aria-label", top.dataset.likeLabel ?? "");
    likeLink.title = top.dataset.likeLabel ?? "";
    likeLink.dataset.name = top.dataset.name ?? "";
  };
  const pass = () => {
    shown += 1;
    place();
  };

  passButton.addEventListener("click", pass);
  passButton.hidden = false;

  let drag: { pointerId: number; startX: number; card: HTMLElement } | undefined;
  const stamp = (card: HTMLElement, name: "like" | "pass", opacity: number) => {
    const element = card.querySelector<HTMLElement>(`[data-stamp=${name}]`);
    if (!element) return;
    element.hidden = opacity <= 0;
    element.style.opacity = String(Math.min(1, opacity));
  };
  const follow = (card: HTMLElement, dx: number) => {
    card.style.transform = dx ? `translateX(${dx}px) rotate(${dx / 18}deg)` : "";
    stamp(card, "like", dx > 10 ? dx / swipePx : 0);
    stamp(card, "pass", dx < -10 ? -dx / swipePx : 0);
  };
  const release = (card: HTMLElement) => {
    delete card.dataset.dragging;
    follow(card, 0);
    drag = undefined;
  };

  deck.addEventListener("pointerdown", (event) => {
    const card = event.target instanceof Element ? event.target.closest<HTMLElement>("article[data-place=top]") : null;
    if (!card || !event.isPrimary || event.button !== 0) return;
    drag = { pointerId: event.pointerId, startX: event.clientX, card };
    card.setPointerCapture(event.pointerId);
    card.dataset.dragging = "";
  });
  deck.addEventListener("pointermove", (event) => {
    if (drag?.pointerId === event.pointerId) follow(drag.card, event.clientX - drag.startX);
  });
  deck.addEventListener("pointerup", (event) => {
    if (drag?.pointerId !== event.pointerId) return;
    const { card, startX } = drag;
    const distance = event.clientX - startX;
    const threshold = Math.min(swipePx, card.offsetWidth * 0.3);
    release(card);
    if (distance > threshold) likeLink.click();
    else if (distance < -threshold) pass();
  });
  deck.addEventListener("pointercancel", () => {
    if (drag) release(drag.card);
  });
}
