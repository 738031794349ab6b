/**
 * The SEPA creditor identifier a brand collects under (EPC262-08): country code, two check digits,
 * a three-character business code the check ignores, then the national identifier, 35 characters
 * at most. The check digits are ISO 7064 MOD 97-10 over the national identifier followed by the
 * country code and the check digits, as an IBAN's are.
 */
export function isCreditorId(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(value)) return false;
  const rearranged = value.slice(7) + value.slice(0, 4);
  const digits = [...rearranged].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join("");
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}
