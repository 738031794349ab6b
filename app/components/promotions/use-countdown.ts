import { useEffect, useState } from "react";

/**
 * Seconds left of a countdown the server started (its clock decides the number), ticking each
 * second (§9) against the browser's clock from the moment the page got it. The first render shows
 * the server's number, so the page hydrates as it was drawn; a new number from the server (the next
 * page) starts the count again.
 */
export function useCountdown(serverSecondsLeft: number): number {
  const [count, setCount] = useState({ from: serverSecondsLeft, left: serverSecondsLeft });
  if (count.from !== serverSecondsLeft) setCount({ from: serverSecondsLeft, left: serverSecondsLeft });
  useEffect(() => {
    if (serverSecondsLeft <= 0) return;
    const endsAt = Date.now() + serverSecondsLeft * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setCount({ from: serverSecondsLeft, left });
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [serverSecondsLeft]);
  return count.from === serverSecondsLeft ? count.left : serverSecondsLeft;
}
