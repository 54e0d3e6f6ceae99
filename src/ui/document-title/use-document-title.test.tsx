import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title';

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/** Like the route frame: the next route's title in a layout effect. */
function RouteTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

describe('useDocumentTitle', () => {
  it('restores the title it replaced when its page goes', () => {
    document.title = 'Ölkompass';
    const view = render(<Titled title="Heizöl-Angebote für PLZ 10115" />);
    expect(document.title).toBe('Heizöl-Angebote für PLZ 10115');
    view.unmount();
    expect(document.title).toBe('Ölkompass');
  });

  it('leaves the next page’s title alone (checkout after the offer list)', () => {
    document.title = 'Heizöl-Angebote – Ölkompass';
    const view = render(<Titled title="Heizöl-Angebote für PLZ 10115 – Ölkompass" />);
    act(() => view.rerender(<RouteTitle title="Bestellung – Ölkompass" />));
    expect(document.title).toBe('Bestellung – Ölkompass');
  });
});
