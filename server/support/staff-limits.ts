import type { Bus } from "../bus";

/** The console's rate limits, made once per process (on Redis, shared by every instance). */
export function createStaffLimits(bus: Bus) {
  return {
    /** Wrong passwords for one staff address: the fifth locks it for 15 minutes, as for members. */
    loginAccount: bus.limiter({ name: "staff-login-account", points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 }),
    /** Wrong passwords from one address, whatever account. */
    loginIp: bus.limiter({ name: "staff-login-ip", points: 30, durationSeconds: 60 * 60, blockSeconds: 60 * 60 }),
    /** Wrong second-factor codes for one staff account: five, then 15 minutes' wait. */
    secondFactor: bus.limiter({ name: "staff-second-factor", points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 }),
    /** Set-up links tried from one address. */
    setupIp: bus.limiter({ name: "staff-setup-ip", points: 20, durationSeconds: 60 * 60 }),
  };
}

export type StaffLimits = ReturnType<typeof createStaffLimits>;
