import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRUST_SLIDE_MS, TrustCarousel } from './trust-carousel';

function motionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const active = () =>
  document
    .querySelector('[aria-roledescription="Folie"][data-active="true"]')
    ?.getAttribute('aria-label');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TrustCarousel (hero, accessible carousel)', () => {
  it('turns to the next slide by itself, silently for screen readers', () => {
    motionPreference(false);
    render(<TrustCarousel />);
    expect(active()).toBe('1 von 5');
    act(() => {
      vi.advanceTimersByTime(TRUST_SLIDE_MS);
    });
    expect(active()).toBe('2 von 5');
    expect(document.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('off');
  });

  it('never turns by itself for a visitor who asked for reduced motion', () => {
    motionPreference(true);
    render(<TrustCarousel />);
    act(() => {
      vi.advanceTimersByTime(TRUST_SLIDE_MS * 3);
    });
    expect(active()).toBe('1 von 5');
    expect(screen.queryByRole('button', { name: 'Karussell anhalten' })).toBeNull();
    // The buttons still work, and a change is announced.
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Folie' }));
    expect(active()).toBe('2 von 5');
    expect(document.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('stops for good on pause and goes on with play', () => {
    motionPreference(false);
    render(<TrustCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Karussell anhalten' }));
    act(() => {
      vi.advanceTimersByTime(TRUST_SLIDE_MS * 2);
    });
    expect(active()).toBe('1 von 5');
    fireEvent.click(screen.getByRole('button', { name: 'Karussell abspielen' }));
    act(() => {
      vi.advanceTimersByTime(TRUST_SLIDE_MS);
    });
    expect(active()).toBe('2 von 5');
  });

  it('holds while the keyboard focus is inside it (WCAG 2.2.2)', () => {
    motionPreference(false);
    render(<TrustCarousel />);
    act(() => screen.getByRole('button', { name: 'Vorherige Folie' }).focus());
    act(() => {
      vi.advanceTimersByTime(TRUST_SLIDE_MS * 2);
    });
    expect(active()).toBe('1 von 5');
  });

  it('goes back from the first slide to the last and jumps to a slide by its button', () => {
    motionPreference(true);
    render(<TrustCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Vorherige Folie' }));
    expect(active()).toBe('5 von 5');
    fireEvent.click(screen.getByRole('button', { name: /^Folie 3:/ }));
    expect(active()).toBe('3 von 5');
    expect(screen.getByRole('button', { name: /^Folie 3:/ }).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});
