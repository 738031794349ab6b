import { useEffect, useRef, useState } from "react";
import type { Loop } from "../../../server/landers/loops";
import { useHydrated } from "../../lib/use-hydrated";
import * as styles from "./loop-film.css";

/**
 * A lander's silent loop (server/landers/loops.ts) over its poster. The poster is the page's first
 * picture; the film starts once the page runs, muted, unless the visitor asked for less motion,
 * and a button pauses and plays it (moving pictures that last must be stoppable, WCAG 2.2.2).
 */
export function LoopFilm({ loop, words, className }: { loop: Loop; words: { pause: string; play: string }; className?: string }) {
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const film = video.current;
    if (!film || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    film.muted = true;
    film.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  }, []);

  const toggle = () => {
    const film = video.current;
    if (!film) return;
    if (film.paused) {
      film.muted = true;
      void film.play().then(() => setPlaying(true));
    } else {
      film.pause();
      setPlaying(false);
    }
  };

  return (
    <div className={`${styles.frame} ${className ?? ""}`}>
      {/* React 18 knows the attribute only in lower case. */}
      <img src={loop.poster} alt="" width={loop.width} height={loop.height} {...{ fetchpriority: "high" }} className={styles.picture} />
      <video ref={video} src={loop.video} poster={loop.poster} width={loop.width} height={loop.height} muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1} className={styles.picture} />
      {hydrated ? (
        <button type="button" className={styles.toggle} onClick={toggle} aria-label={playing ? words.pause : words.play}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
          </svg>
        </button>
      ) : null}
    </div>
  );
}
