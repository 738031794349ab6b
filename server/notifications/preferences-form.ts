import { z } from "zod";
import { CHANNELS, NOTIFICATION_KINDS, type Channel, type NotificationKind, type Preferences } from "./preferences";

/** The form field of one switch on /notifications: `like.email`, `news.push`… */
export const preferenceField = (kind: NotificationKind, channel: Channel) => `${kind}.${channel}`;

/** A checked box sends "on"; an unchecked one sends nothing, which means off. */
const checkbox = z.literal("on").optional();

/**
 * The preferences form: all sixteen switches at once. Anything but "on" in a switch is refused
 * (no browser sends it), so a damaged post changes nothing instead of turning kinds off.
 */
export const preferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.flatMap((kind) => CHANNELS.map((channel) => [preferenceField(kind, channel), checkbox]))) as Record<string, typeof checkbox>,
);

/** The posted form as preferences, or undefined when it is not one this page sends. */
export function readPreferencesForm(formData: FormData): Preferences | undefined {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of formData) {
    // A field sent twice is not something the page does.
    if (name in fields) return undefined;
    fields[name] = value;
  }
  const parsed = preferencesSchema.safeParse(fields);
  if (!parsed.success) return undefined;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, Object.fromEntries(CHANNELS.map((channel) => [channel, parsed.data[preferenceField(kind, channel)] === "on"]))]),
  ) as Preferences;
}
