/** Where the settings page links for the data export (app/routes/settings-export.ts); it imports nothing, so pages may carry it. */
export const EXPORT_PATH = "/settings/export";

/** The query with which the export sends the member back to settings once their exports are used up: minutes to wait. */
export const EXPORT_LIMITED = "export-wait";
