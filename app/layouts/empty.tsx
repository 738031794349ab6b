import { contentOnlyLayout } from "./content-only";

/** Empty layout (§2): content only; the signup modal joins it with accounts. */
export default contentOnlyLayout("empty");
