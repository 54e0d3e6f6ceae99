import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LivePreview, PREVIEW_DEBOUNCE_MS } from './markdown-editor';
import { texts } from './texts';

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** POST /api/cms/preview held until the test releases it. */
function heldPreview() {
  const releases: Array<() => void> = [];
  const fetchMock = vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        const markdown = (JSON.parse(init?.body as string) as { BodyMarkdown: string })
          .BodyMarkdown;
        releases.push(() =>
          resolve(answer({ Html: `<h2>${markdown.replace(/^## /, '')}</h2>`, Sections: [] })),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    release: () =>
      act(async () => {
        releases.shift()?.();
        await Promise.resolve();
      }),
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const box = () => document.querySelector('[aria-busy]');
const afterDebounce = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LivePreview (the CMS editor’s preview)', () => {
  it('does not ask the server about an empty body, however long the editor waits', async () => {
    const { fetchMock } = heldPreview();
    const view = render(<LivePreview kind="article" slug="neu" markdown="" />, { wrapper });
    await afterDebounce();
    view.rerender(<LivePreview kind="article" slug="heizoel-im-fruehling" markdown={'  \n'} />);
    await afterDebounce();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(texts.previewEmpty)).toBeTruthy();
    expect(box()?.getAttribute('aria-busy')).toBe('false');
  });

  it('says it is updating until the first answer, then shows it; an emptied field shows no old preview', async () => {
    const { fetchMock, release } = heldPreview();
    const view = render(<LivePreview kind="article" slug="neu" markdown="" />, { wrapper });
    await afterDebounce();
    view.rerender(<LivePreview kind="article" slug="neu" markdown="## Kurz gesagt" />);
    expect(screen.getByText(texts.previewUpdating)).toBeTruthy();
    await afterDebounce();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(box()?.getAttribute('aria-busy')).toBe('true');
    await release();
    expect(screen.getByRole('heading', { name: 'Kurz gesagt' })).toBeTruthy();
    expect(box()?.getAttribute('aria-busy')).toBe('false');

    view.rerender(<LivePreview kind="article" slug="neu" markdown="" />);
    expect(screen.queryByRole('heading', { name: 'Kurz gesagt' })).toBeNull();
    expect(screen.getByText(texts.previewEmpty)).toBeTruthy();
    await afterDebounce();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
