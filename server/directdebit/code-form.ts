import { z } from "zod";

/**
 * The code step of the direct-debit form: six digits, spaces forgiven. Apart from the mandate form
 * (form.ts), so the code page checks in the browser without loading the IBAN and phone metadata.
 */
export const codeFormSchema = z.object({
  code: z
    .string({ error: "errors.codeInvalid" })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "errors.codeInvalid" })),
});
