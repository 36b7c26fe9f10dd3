import { use, type ComponentType, type ReactElement } from 'react';

/** A page in its own chunk: rendered at once when its code is here, suspended (showing PageFallback) until then. */
export interface LazyPage {
  (): ReactElement;
  /** Loads the chunk; main.tsx and the prerender wait for it so the first render is the page, not the spinner. */
  preload(): Promise<void>;
}

/**
 * React.lazy would suspend once even for a chunk that has already loaded, and the first render would show the
 * spinner over the prerendered page. This renders a loaded page directly and only suspends (React's `use`) while its
 * chunk is on the way.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => void (Loaded = component),
      (err: unknown) => {
        loading = undefined; // a failed chunk (after a deploy, offline) is asked for again next time
        throw err;
      },
    ));
  const Page = () => {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  };
  return Object.assign(Page, { preload });
}
