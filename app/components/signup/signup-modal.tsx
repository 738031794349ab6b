import { Link, useLocation } from "@remix-run/react";
import { createContext, lazy, Suspense, useCallback, useContext, useState, type MouseEvent, type ReactNode } from "react";
import { media } from "../../../themes/breakpoints";
import { useRootData } from "../../root";
import { signupHref, type SignupReason } from "../../lib/signup-reason";

// The form and its validation load when the modal first opens, not with every page.
const SignupDialog = lazy(() => import("./signup-dialog"));

type Opening = { pathname: string; reason?: SignupReason; returnTo: string };

const OpenSignup = createContext<(reason?: SignupReason) => void>(() => {});

/** Holds the desktop signup modal (§2, §4); any SignupLink below opens it. */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: going elsewhere (to login, on to complete-signup) closes it.
  const [opening, setOpening] = useState<Opening>();
  const open = useCallback(
    (reason?: SignupReason) => setOpening({ pathname: window.location.pathname, reason, returnTo: window.location.pathname + window.location.search }),
    [],
  );
  return (
    <OpenSignup.Provider value={open}>
      {children}
      {opening?.pathname === pathname ? (
        <Suspense fallback={null}>
          <SignupDialog reason={opening.reason} returnTo={opening.reason ? opening.returnTo : undefined} onClose={() => setOpening(undefined)} />
        </Suspense>
      ) : null}
    </OpenSignup.Provider>
  );
}

type SignupLinkProps = {
  className?: string;
  children: ReactNode;
  /** What the visitor tried (like Kees, message Kees): the signup says so and brings them back here. */
  reason?: SignupReason;
  ariaLabel?: string;
  title?: string;
};

/**
 * "Sign up": the signup page on a phone (and without JavaScript), the modal on a desktop, and the
 * members area for someone already signed in (§2).
 */
export function SignupLink({ className, children, reason, ariaLabel, title }: SignupLinkProps) {
  const openModal = useContext(OpenSignup);
  const member = useRootData()?.member;
  const here = useLocation();
  const onClick = (event: MouseEvent) => {
    if (member || !window.matchMedia(media.md).matches) return;
    event.preventDefault();
    openModal(reason);
  };
  return (
    <Link
      to={member ? "/members" : signupHref(reason, here.pathname + here.search)}
      className={className}
      onClick={onClick}
      aria-label={ariaLabel}
      title={title}
      // For a page without the framework, whose own script opens the signup (app/visitor-script).
      data-signup={member ? undefined : (reason?.intent ?? "")}
      data-name={member ? undefined : reason?.name}
    >
      {children}
    </Link>
  );
}
