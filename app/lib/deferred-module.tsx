import { lazy, Suspense, type ComponentType } from "react";

/**
 * A module that pages do not carry but fetch when a component of it first renders (React.lazy),
 * for parts most visitors never see. React.lazy takes any thenable; this one answers at once when
 * the module is already here, so nothing waits then: the server loads the module when it starts
 * and renders it at once. In the browser the first render waits for it inside the part's own
 * Suspense, which keeps the server's HTML until the part hydrates.
 */
export function deferredModule<Module>(importModule: () => Promise<Module>) {
  let loaded: Module | undefined;
  let arriving: Promise<Module> | undefined;
  const load = () => (arriving ??= importModule().then((module) => (loaded = module)));
  if (import.meta.env.SSR) void load();

  return {
    part<Props extends object>(pick: (module: Module) => ComponentType<Props>): ComponentType<Props> {
      const Part = lazy(
        () =>
          ({
            then(resolve: (module: { default: ComponentType<Props> }) => void, reject: (error: unknown) => void) {
              if (loaded) resolve({ default: pick(loaded) });
              else load().then((module) => resolve({ default: pick(module) }), reject);
            },
          }) as Promise<{ default: ComponentType<Props> }>,
      ) as unknown as ComponentType<Props>;
      return function DeferredPart(props: Props) {
        return (
          <Suspense fallback={null}>
            <Part {...props} />
          </Suspense>
        );
      };
    },
  };
}
