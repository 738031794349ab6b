import { logBounce } from "./bounce";
import { playFilms } from "./film";
import { openSignupOnDesktop } from "./signup-dialog";
import { dealSwipeCards } from "./swipe";
import { tellVisit } from "./visit";

/**
 * The landers' only script (decision 050): what their pages do without React. A lander is read,
 * tapped and left; the framework's runtime (about 100 KB) would cost a cheap phone more than the
 * page itself. Each part finds its own elements and does nothing where the page has none.
 */
tellVisit();
logBounce();
openSignupOnDesktop();
playFilms();
dealSwipeCards();
// A mark that the page runs, as hydration sets it on the framework's pages: tests wait for it.
document.documentElement.dataset.hydrated = "true";
