import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

function List({ items, first }: { items: number[]; first: number }) {
  const count = useProgressiveCount(items.length, first);
  return (
    <ol>
      {items.slice(0, count).map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ol>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useProgressiveCount', () => {
  it('renders the first items in the first commit and the whole list right after', async () => {
    const seen: number[] = [];
    function Probe({ items }: { items: number[] }) {
      const count = useProgressiveCount(items.length, 4);
      seen.push(count);
      return <List items={items.slice(0, count)} first={99} />;
    }
    render(<Probe items={range(12)} />);
    await act(() => Promise.resolve());
    expect(seen[0]).toBe(4);
    expect(seen.at(-1)).toBe(12);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });

  it('renders a short list whole at once', () => {
    render(<List items={range(3)} first={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('renders later lists whole: a list once shown never shrinks to the first items again', async () => {
    const view = render(<List items={range(12)} first={4} />);
    await act(() => Promise.resolve());
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    view.rerender(<List items={range(20)} first={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('renders a list that was there before it (server-rendered HTML) whole from the first commit', () => {
    const seen: number[] = [];
    function Probe({ items }: { items: number[] }) {
      const count = useProgressiveCount(items.length, 4, true);
      seen.push(count);
      return null;
    }
    render(<Probe items={range(12)} />);
    expect(seen[0]).toBe(12);
  });
});
