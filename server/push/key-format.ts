/** A P-256 public key (65 bytes) and private key (32 bytes), base64url without padding, as browsers and web-push take them. */
export const VAPID_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
