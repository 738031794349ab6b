import { contentOnlyLayout } from "./content-only";

/** Chat layout (§2): the conversation fills the screen. */
export default contentOnlyLayout("chat");
