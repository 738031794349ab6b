import { Link, useLocation } from "@remix-run/react";
import { createContext, lazy, Suspense, useCallback, useContext, useState, type MouseEvent, type ReactNode } from "react";
import { media } from "../../../themes/breakpoints";
import { useRootData } from "../../root";

// The form and its validation load when the modal first opens, not with every page.
const SignupDialog = lazy(() => import("./signup-dialog"));

const OpenSignup = createContext<() => void>(() => {});

/** Holds the desktop signup modal (§2, §4); any SignupLink below opens it. */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: going elsewhere (to login, on to complete-signup) closes it.
  const [openOn, setOpenOn] = useState<string>();
  return (
    <OpenSignup.Provider value={useCallback(() => setOpenOn(window.location.pathname), [])}>
      {children}
      {openOn === pathname ? (
        <Suspense fallback={null}>
          <SignupDialog onClose={() => setOpenOn(undefined)} />
        </Suspense>
      ) : null}
    </OpenSignup.Provider>
  );
}

/**
 * "Sign up": the signup page on a phone (and without JavaScript), the modal on a desktop, and the
 * members area for someone already signed in (§2).
 */
export function SignupLink({ className, children }: { className?: string; children: ReactNode }) {
  const openModal = useContext(OpenSignup);
  const member = useRootData()?.member;
  const onClick = (event: MouseEvent) => {
    if (member || !window.matchMedia(media.md).matches) return;
    event.preventDefault();
    openModal();
  };
  return (
    <Link to={member ? "/members" : "/signup"} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
