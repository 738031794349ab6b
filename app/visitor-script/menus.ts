/**
 * The <details> menus (the language menu) close when the visitor clicks elsewhere or presses Escape,
 * which returns focus to the menu's summary: what useDismissableDetails does on the framework's pages.
 */
export function dismissMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("details[data-dismissable]")];
  if (menus.length === 0) return;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of menus.filter((candidate) => candidate.open)) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("pointerdown", (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
}
