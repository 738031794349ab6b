/** The part of http_ece (web-push's encryption, no types of its own) the push stand-in uses to read messages. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  const ece: { decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer };
  export default ece;
}
