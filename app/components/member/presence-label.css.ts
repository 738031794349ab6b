import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

export const label = style({ display: "inline-flex", alignItems: "center", gap: "0.35rem", fontSize: "0.85rem", fontWeight: 600 });

// The dot repeats what the words say (never colour alone); as generated content, screen readers skip it.
export const online = style([
  label,
  {
    color: vars.color.success,
    "::before": { content: '""', width: "0.6rem", height: "0.6rem", borderRadius: "50%", background: vars.color.success, flex: "none" },
  },
]);

export const recent = style([label, { color: vars.color.textMuted, fontWeight: 400 }]);
