/** The little of the `qrcode` package the console uses (it ships no types, and @types/qrcode is not installed). */
declare module "qrcode" {
  type ToStringOptions = { type: "svg" | "utf8" | "terminal"; errorCorrectionLevel?: "L" | "M" | "Q" | "H"; margin?: number; width?: number };
  const QRCode: { toString(text: string, options: ToStringOptions): Promise<string> };
  export default QRCode;
}
