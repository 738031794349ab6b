/**
 * An icon of the navigation: one path of simple strokes in the text colour, hidden from screen
 * readers. Each caller keeps its own paths, so the every-page shell carries only the back arrow's.
 */
export function NavIcon({ path }: { path: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
