/**
 * React.lazy for a part that comes as a chunk of its own, which tries again after a failure.
 * A React.lazy component keeps its rejection for good: a panel or page whose chunk could not
 * load once (offline before it came) would never appear on that page again, whatever
 * the visitor did. This one swaps in a fresh lazy component when the load fails, so the next
 * render (a retry, a return to the page) loads it again.
 */
import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
type AnyComponent = ComponentType<any>;

export function lazyPart<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
): ComponentType<ComponentProps<C>> {
  const fresh = (): LazyExoticComponent<C> =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  function LazyPart(props: ComponentProps<C>) {
    const Current = current as unknown as ComponentType<ComponentProps<C>>;
    return <Current {...props} />;
  }
  return LazyPart;
}
