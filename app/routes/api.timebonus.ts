import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "../../server/http/private-caching";
import { timeBonusSecondsLeft, TIME_BONUS } from "../../server/promotions/offers";
import { authenticationRequired } from "../lib/auth.server";
import { countdownParts } from "../lib/promotions";

/** The §3 Time bonus shape for a number of seconds left (0: not visible). */
function timeBonusShape(secondsLeft: number) {
  return {
    isVisible: secondsLeft > 0,
    countdownTimer: countdownParts(secondsLeft),
    seconds_left: secondsLeft,
    code: TIME_BONUS.code,
    value_percentage: TIME_BONUS.percentage,
    status: "active",
    validity: "once-per-user",
  };
}

/** GET /api/timebonus.php (§7 time bonus load call): the signed-in member's bonus, decided by the server's clock. */
export async function loader({ context }: LoaderFunctionArgs) {
  const member = context.member;
  if (!member) return authenticationRequired();
  return Response.json({ time_bonus: timeBonusShape(timeBonusSecondsLeft(member, new Date())) }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
