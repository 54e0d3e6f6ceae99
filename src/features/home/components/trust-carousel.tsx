/**
 * The hero's trust carousel (SPEC §2 "hero section with price and an awards carousel"). Built to
 * the WAI-ARIA carousel pattern: a named region, slides as labelled groups, previous / next /
 * pause buttons and one button per slide. It turns on by itself only after hydration, never
 * when the visitor asked for reduced motion, and stops while the pointer or the focus is in it
 * (WCAG 2.2.2) or the tab is hidden; a press on pause stops it for good. While it turns, the
 * slides are not announced (aria-live off); when it stands, a change by the buttons is.
 *
 * Every slide sits in the same grid cell, so the carousel is as tall as its tallest slide from
 * the first paint: changing slides moves nothing on the page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../../ui/use-media-query';
import { useMounted } from '../../../ui/use-mounted';
import { texts } from '../texts';
import styles from './trust-carousel.module.css';

/** Time a slide stays before the next turns in, in milliseconds. */
export const TRUST_SLIDE_MS = 6000;

const icons: Record<(typeof texts.carousel.slides)[number]['icon'], ReactNode> = {
  price: <path d="M4 12h16M4 7h16M4 17h10" />,
  region: (
    <>
      <path d="M12 21s-7-6.3-7-11a7 7 0 1 1 14 0c0 4.7-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="15" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </>
  ),
};

export function TrustCarousel() {
  const slides = texts.carousel.slides;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // false on the server and while hydrating: the server knows no motion preference.
  const inBrowser = useMounted();
  const turning = inBrowser && !reducedMotion && !stopped;
  const running = turning && !held;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % slides.length);
    }, TRUST_SLIDE_MS);
    return () => clearInterval(timer);
  }, [running, slides.length]);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      className={styles.carousel}
      aria-roledescription={texts.carousel.roleCarousel}
      aria-label={texts.carousel.label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div className={styles.slides} aria-live={turning ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            className={styles.slide}
            role="group"
            aria-roledescription={texts.carousel.roleSlide}
            aria-label={texts.carousel.position(i + 1, slides.length)}
            aria-hidden={i !== index}
            data-active={i === index}
          >
            <svg
              className={styles.icon}
              viewBox="0 0 24 24"
              width="28"
              height="28"
              aria-hidden="true"
            >
              {icons[slide.icon]}
            </svg>
            <div>
              <p className={styles.title}>{slide.title}</p>
              <p className={styles.text}>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={() => go(index - 1)}
          aria-label={texts.carousel.previous}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M12.5 4l-6 6 6 6" />
          </svg>
        </button>
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className={styles.dot}
              onClick={() => go(i)}
              aria-label={texts.carousel.showSlide(i + 1, slide.title)}
              aria-current={i === index ? 'true' : undefined}
            />
          ))}
        </div>
        <button
          type="button"
          className={styles.control}
          onClick={() => go(index + 1)}
          aria-label={texts.carousel.next}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M7.5 4l6 6-6 6" />
          </svg>
        </button>
        {inBrowser && !reducedMotion && (
          <button
            type="button"
            className={styles.control}
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? texts.carousel.play : texts.carousel.pause}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              {stopped ? <path d="M6 4l10 6-10 6z" /> : <path d="M6.5 4v12M13.5 4v12" />}
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
