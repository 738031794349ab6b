import type { PaymentProvider } from "./provider";
import type { ProviderEnvironment } from "./providers";
import { createTestProvider } from "./test-provider";

// Minimal stand-in so the registry compiles; the real adapter replaces this file.
export function createVerotelProvider(environment: ProviderEnvironment): PaymentProvider {
  return { ...createTestProvider(environment), name: "verotel" };
}
