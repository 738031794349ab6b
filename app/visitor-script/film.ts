/**
 * The video landers' silent loops (LoopFilm): started muted once the page runs, unless the visitor
 * asked for less motion; the button beside each pauses and plays it (WCAG 2.2.2).
 */
export function playFilms(): void {
  for (const frame of document.querySelectorAll<HTMLElement>("[data-film]")) {
    const film = frame.querySelector("video");
    const button = frame.querySelector<HTMLButtonElement>("button[data-film-toggle]");
    if (!film || !button) continue;
    const show = (playing: boolean) => {
      button.setAttribute("aria-label", (playing ? button.dataset.pause : button.dataset.play) ?? "");
      button.querySelector("[data-icon=pause]")?.toggleAttribute("hidden", !playing);
      button.querySelector("[data-icon=play]")?.toggleAttribute("hidden", playing);
    };
    const play = () => {
      film.muted = true;
      film.play().then(
        () => show(true),
        () => show(false),
      );
    };
    button.addEventListener("click", () => {
      if (film.paused) play();
      else {
        film.pause();
        show(false);
      }
    });
    button.hidden = false;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) show(false);
    else play();
  }
}
