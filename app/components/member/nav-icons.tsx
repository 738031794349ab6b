/** The member navigation's icons: simple strokes in the text colour, hidden from screen readers. */
const paths = {
  search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm9.5 16-4.35-4.35",
  discover: "M9 3h8a2 2 0 0 1 2 2v11M5 9a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V9Zm5 8.5s-2.5-1.4-2.5-3.3a1.3 1.3 0 0 1 2.5-.7 1.3 1.3 0 0 1 2.5.7c0 1.9-2.5 3.3-2.5 3.3Z",
  messages: "M4 5h16v11H8l-4 4V5Z",
  likes: "M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z",
  credits: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v10m-3-7.5c0-1 1.3-1.5 3-1.5s3 .6 3 1.8-1.3 1.6-3 2.2-3 1-3 2.2 1.3 1.8 3 1.8 3-.5 3-1.5",
  premium: "M4 17h16M5 17 3.5 7l5 4L12 5l3.5 6 5-4L19 17",
  back: "M15 5l-7 7 7 7",
} as const;

export type NavIconName = keyof typeof paths;

export function NavIcon({ name }: { name: NavIconName }) {
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
      <path d={paths[name]} />
    </svg>
  );
}
