import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * false until the element has come within `margin` of the viewport, true from then on. For what
 * a visitor only sees when they scroll to it (the footer's quality badge). false in
 * the server render and the render that hydrates it, so both agree; without an
 * IntersectionObserver it turns true right after the first render.
 */
export function useNearViewport<T extends Element>(
  margin = '400px',
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return [ref, near];
}
