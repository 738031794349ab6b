import { RateLimiterRes } from "rate-limiter-flexible";
import type { Bus } from "../bus";

/**
 * The account rate limits, made once per process so in-process counters are shared by all
 * requests (on Redis they are shared by all instances).
 */
export function createAccountLimits(bus: Bus) {
  return {
    /** Wrong passwords for one address of a site: the fifth locks the account for 15 minutes. */
    loginAccount: bus.limiter({ name: "login-account", points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 }),
    /** Wrong passwords from one address: stops one visitor trying many accounts. */
    loginIp: bus.limiter({ name: "login-ip", points: 30, durationSeconds: 60 * 60, blockSeconds: 60 * 60 }),
    /** Reset mails per account and calendar day (the key carries the day). */
    resetAccount: bus.limiter({ name: "reset-account", points: 3, durationSeconds: 24 * 60 * 60 }),
    /** Reset requests from one address, found or not: limits probing which addresses exist. */
    resetIp: bus.limiter({ name: "reset-ip", points: 20, durationSeconds: 60 * 60 }),
    signupIp: bus.limiter({ name: "signup-ip", points: 10, durationSeconds: 60 * 60 }),
    /** Signup forms checked against the accounts from one address: limits probing which addresses exist. */
    signupCheckIp: bus.limiter({ name: "signup-check-ip", points: 30, durationSeconds: 60 * 60 }),
    /** New activation or e-mail change links per account. */
    linkMails: bus.limiter({ name: "link-mails", points: 5, durationSeconds: 60 * 60 }),
    /** Complaints filed from one address (/complaints, visitors and members alike). */
    complaintsIp: bus.limiter({ name: "complaints-ip", points: 10, durationSeconds: 60 * 60 }),
    /** Profile screens opened by visitors from one address: enough to browse, too few to copy the pool. Members are not counted. */
    visitorProfileViewsIp: bus.limiter({ name: "visitor-profile-views-ip", points: 60, durationSeconds: 10 * 60 }),
    /** Typing events per member: one every 2 seconds is enough for the indicator. */
    typing: bus.limiter({ name: "typing", points: 1, durationSeconds: 2 }),
    /** Data exports per member (server/privacy/export.ts): each reads every photo, so a few an hour. */
    dataExport: bus.limiter({ name: "data-export", points: 3, durationSeconds: 60 * 60 }),
    /** Page-bounce beacons from one address (server/analytics/page-bounces.ts): one per page view, a few a minute at most. */
    pageBouncesIp: bus.limiter({ name: "page-bounces-ip", points: 30, durationSeconds: 10 * 60 }),
    /** Lander-visit beacons from one address (server/analytics/lander-visits.ts): one per landed page. */
    landerVisitsIp: bus.limiter({ name: "lander-visits-ip", points: 30, durationSeconds: 10 * 60 }),
  };
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;

type Limiter = AccountLimits[keyof AccountLimits];
export type LimitState = { allowed: boolean; remaining: number; msBeforeNext: number };

/** Spends a point: `allowed` is false once the points are spent, until msBeforeNext has passed. */
export async function consume(limiter: Limiter, key: string): Promise<LimitState> {
  try {
    const result = await limiter.consume(key);
    return { allowed: true, remaining: result.remainingPoints, msBeforeNext: result.msBeforeNext };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { allowed: false, remaining: 0, msBeforeNext: rejection.msBeforeNext };
    throw rejection;
  }
}

/** How long until a spent limit lifts, in milliseconds; 0 while points remain. */
export async function blockedFor(limiter: Limiter, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.remainingPoints <= 0 ? Math.max(state.msBeforeNext, 1) : 0;
}

/** Whole minutes, at least 1, for the lockout message. */
export const minutesFrom = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
