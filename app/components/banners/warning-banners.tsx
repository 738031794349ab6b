/** The warning banners of §4 (being built). */
export function WarningBanners() {
  return null;
}
