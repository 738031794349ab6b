import { XMLParser, XMLValidator } from "fast-xml-parser";

/** One returned debit (R-transaction) as the bank reported it. */
export type ReturnedDebit = { endToEndId: string; reasonCode: string };

/** A bank's debit/credit notification (camt.054) reduced to what a return changes here. */
export type ReturnReport = { messageId: string; returns: ReturnedDebit[] };

export class ReturnReportError extends Error {
  override name = "ReturnReportError";
}

/** The document's namespace, declared as the default or with a prefix (the parser drops the declarations). */
const NAMESPACE = /\sxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.054\.\d{3}\.\d{2}["']/;
/** Elements that may repeat; the parser makes lists of them even when one appears. */
const REPEATED = new Set(["Ntfctn", "Ntry", "NtryDtls", "TxDtls"]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Ids stay text: "00123" is not 123.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

/**
 * Reads an ISO 20022 camt.054 (Bank To Customer Debit Credit Notification, any version: the paths
 * read here are the same in all) and answers the returned debits in it: the transaction details that
 * carry return information (RtrInf), with the EndToEndId of our pain.008 and the reason code. Bookings
 * without return information are not returns and are left out. Anything that is not such a document
 * is refused with the reason.
 */
export function parseReturnReport(xml: string): ReturnReport {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new ReturnReportError(`not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  const document = (parser.parse(xml) as Node).Document as Node | undefined;
  const notification = document?.BkToCstmrDbtCdtNtfctn as Node | undefined;
  if (!notification || !NAMESPACE.test(xml)) {
    throw new ReturnReportError("not a camt.054 debit/credit notification (expected a Document of urn:iso:std:iso:20022:tech:xsd:camt.054.001.nn)");
  }
  const messageId = text((notification.GrpHdr as Node | undefined)?.MsgId);
  if (!messageId) throw new ReturnReportError("the notification has no GrpHdr/MsgId");
  const returns: ReturnedDebit[] = [];
  for (const entry of list(notification.Ntfctn).flatMap((ntfctn) => list(ntfctn.Ntry))) {
    for (const details of list(entry.NtryDtls).flatMap((ntryDtls) => list(ntryDtls.TxDtls))) {
      const returnInfo = details.RtrInf as Node | undefined;
      if (!returnInfo) continue;
      const endToEndId = text((details.Refs as Node | undefined)?.EndToEndId);
      const reason = returnInfo.Rsn as Node | undefined;
      const reasonCode = text(reason?.Cd) || text(reason?.Prtry);
      if (!endToEndId) throw new ReturnReportError("a returned transaction has no Refs/EndToEndId");
      returns.push({ endToEndId, reasonCode: reasonCode || "NARR" });
    }
  }
  return { messageId, returns };
}

function list(value: unknown): Node[] {
  return Array.isArray(value) ? (value as Node[]) : [];
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
