import { describe, expect, it } from 'vitest';
import { markOfflineCopy, OFFLINE_COPY_ATTRIBUTE } from './offline-copy';

describe('markOfflineCopy', () => {
  it('marks the <html> element once, keeping its attributes and the rest of the page', () => {
    const page = '<!doctype html><html lang="de"><head></head><body><p>html</p></body></html>';
    const marked = markOfflineCopy(page);
    expect(marked).toBe(
      `<!doctype html><html ${OFFLINE_COPY_ATTRIBUTE}="" lang="de"><head></head><body><p>html</p></body></html>`,
    );
    expect(markOfflineCopy(marked)).toBe(marked);
    expect(markOfflineCopy('<HTML>')).toBe(`<html ${OFFLINE_COPY_ATTRIBUTE}="">`);
  });

  it('leaves a text without an <html> element alone', () => {
    expect(markOfflineCopy('<htmlx>no page</htmlx>')).toBe('<htmlx>no page</htmlx>');
  });
});
