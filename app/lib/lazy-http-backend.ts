import type { BackendModule, ReadCallback, Services } from "i18next";
import type { HttpBackendOptions } from "i18next-http-backend";

/**
 * i18next's HTTP backend, fetched the first time i18next needs a namespace the page did not carry
 * (a client-side navigation to a page with others). Pages carry their catalogues (decision 020), so
 * most never need it, and it is no longer in the JavaScript of every page (decision 023).
 */
export class LazyHttpBackend implements BackendModule {
  static readonly type = "backend";
  readonly type = "backend";
  private settings?: [Services, HttpBackendOptions];
  private backend?: Promise<BackendModule>;

  init(services: Services, backendOptions: HttpBackendOptions): void {
    this.settings = [services, backendOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.backend ??= import("i18next-http-backend").then(({ default: HttpBackend }) => new HttpBackend(...this.settings!));
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      // Its file did not come (offline, say): no retry, as for a catalogue that cannot be read.
      (error: Error) => callback(error, false),
    );
  }
}
