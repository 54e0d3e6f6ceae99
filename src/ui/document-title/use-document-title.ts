import { useEffect } from 'react';

/**
 * Sets the tab title while the page is shown and restores the previous one after, unless the
 * title changed meanwhile: the next page's route title is set before this page's effects are
 * cleaned up, and restoring over it named the checkout "Heizöl-Angebote".
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = previous;
    };
  }, [title]);
}
