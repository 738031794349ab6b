/** What the local Mollie stand-in starts with: the methods it offers and its TLS certificate. */

export type StandInMethod = {
  id: string;
  description: string;
  currencies: string[];
  minimum: string;
  maximum: string | null;
  /** Can start a mandate (sequenceType first) and be charged again (recurring). */
  recurring: boolean;
  /** Only for a charge of a stored mandate (directdebit). */
  recurringOnly?: boolean;
  issuers?: { id: string; name: string }[];
};

export const DEFAULT_METHODS: StandInMethod[] = [
  {
    id: "ideal",
    description: "iDEAL",
    currencies: ["EUR"],
    minimum: "0.01",
    maximum: "50000.00",
    recurring: true,
    issuers: [
      { id: "ideal_ABNANL2A", name: "ABN AMRO" },
      { id: "ideal_INGBNL2A", name: "ING" },
      { id: "ideal_RABONL2U", name: "Rabobank" },
    ],
  },
  { id: "creditcard", description: "Card", currencies: ["EUR", "GBP", "USD", "CHF", "PLN"], minimum: "0.01", maximum: "10000.00", recurring: true },
  { id: "paypal", description: "PayPal", currencies: ["EUR", "GBP", "USD", "CHF", "PLN"], minimum: "0.01", maximum: null, recurring: true },
  { id: "bancontact", description: "Bancontact", currencies: ["EUR"], minimum: "0.02", maximum: "50000.00", recurring: true },
  { id: "banktransfer", description: "Bank transfer", currencies: ["EUR", "GBP", "CHF", "PLN"], minimum: "0.01", maximum: "1000000.00", recurring: false },
  { id: "kbc", description: "KBC/CBC Payment Button", currencies: ["EUR"], minimum: "0.01", maximum: "50000.00", recurring: false, issuers: [{ id: "kbc", name: "KBC" }, { id: "cbc", name: "CBC" }] },
  { id: "eps", description: "eps", currencies: ["EUR"], minimum: "1.00", maximum: "50000.00", recurring: true },
  { id: "przelewy24", description: "Przelewy24", currencies: ["EUR", "PLN"], minimum: "0.01", maximum: "12815.00", recurring: false },
  { id: "blik", description: "BLIK", currencies: ["PLN"], minimum: "0.01", maximum: "50000.00", recurring: false },
  { id: "paysafecard", description: "paysafecard", currencies: ["EUR", "GBP", "USD", "CHF"], minimum: "1.00", maximum: "1000.00", recurring: false },
  { id: "twint", description: "TWINT", currencies: ["CHF"], minimum: "0.01", maximum: "5000.00", recurring: false },
  { id: "directdebit", description: "SEPA Direct Debit", currencies: ["EUR"], minimum: "0.01", maximum: "1000.00", recurring: true, recurringOnly: true },
];

/** A self-signed certificate for 127.0.0.1, for the stand-in only (its key protects nothing). */
export const STAND_IN_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsiNsKsEdKXEpMoOx
n3ug/7TOjsHUkFIMQl7MOSI5RfahRANCAASyd6VsK+UCpaY2IFrQxR/N8PwP9Fmr
73W42QV5bYeXaY+zXOJKid8uhK74AMCInsXDaVBN5sfCIrblIAp40V86
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUIOHlfvt0T3mOR2VvFUBUcec6Mi0wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMzIzNDIzMVoYDzIxMjYxMDMw
MjM0MjMxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASyd6VsK+UCpaY2IFrQxR/N8PwP9Fmr73W42QV5bYeXaY+zXOJKid8u
hK74AMCInsXDaVBN5sfCIrblIAp40V86o28wbTAdBgNVHQ4EFgQUhhTu+Ac7Prcm
GB8x2ha+amzQLhkwHwYDVR0jBBgwFoAUhhTu+Ac7PrcmGB8x2ha+amzQLhkwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgBccNB1hoH34wR+x2L0i25GbZIxw3LRo05H8sZyiTe/4CIQCT
91e98T/TYu/2Dz5fKwT/uwZJWcBqOpByy3NRXSO38Q==
-----END CERTIFICATE-----
`,
};
