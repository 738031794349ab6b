import { useEffect, type RefObject } from "react";

/** Closes an open <details> menu when the visitor clicks elsewhere or presses Escape (which returns focus to its summary). */
export function useDismissableDetails(details: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const close = (event: Event) => {
      if (!element.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        element.open = false;
        element.querySelector("summary")?.focus();
      } else if (!element.contains(event.target as Node)) {
        element.open = false;
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [details]);
}
