import type { Loop } from "../../../server/landers/loops";
import * as styles from "./loop-film.css";

/**
 * A lander's silent loop (server/landers/loops.ts) over its poster. The poster is the page's first
 * picture; the visitors' script (app/visitor-script/film.ts) starts the film muted, unless the visitor
 * asked for less motion, and shows the button that pauses and plays it (moving pictures that last
 * must be stoppable, WCAG 2.2.2). Without the script the poster stays.
 */
export function LoopFilm({ loop, words, className }: { loop: Loop; words: { pause: string; play: string }; className?: string }) {
  return (
    <div className={`${styles.frame} ${className ?? ""}`} data-film="">
      {/* React 18 knows the attribute only in lower case. */}
      <img src={loop.poster} alt="" width={loop.width} height={loop.height} {...{ fetchpriority: "high" }} className={styles.picture} />
      <video src={loop.video} poster={loop.poster} width={loop.width} height={loop.height} muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1} className={styles.picture} />
      <button type="button" hidden className={styles.toggle} aria-label={words.play} data-film-toggle="" data-pause={words.pause} data-play={words.play}>
        <span data-icon="pause" hidden>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
          </svg>
        </span>
        <span data-icon="play">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      </button>
    </div>
  );
}
