import { logBounce } from "./bounce";
import { playFilms } from "./film";
import { dismissMenus } from "./menus";
import { openSignupOnDesktop } from "./signup-dialog";
import { dealSwipeCards } from "./swipe";
import { tellVisit } from "./visit";

/**
 * The only script of the pages only visitors see, the home page and the landers (decision 050):
 * what they do without React. Such a page is read, tapped and left; the framework's runtime (about
 * 100 KB) would cost a cheap phone more than the page itself. Each part finds its own elements and
 * does nothing where the page has none.
 */
tellVisit();
logBounce();
openSignupOnDesktop();
playFilms();
dealSwipeCards();
dismissMenus();
// A mark that the page runs, as hydration sets it on the framework's pages: tests wait for it.
document.documentElement.dataset.hydrated = "true";
