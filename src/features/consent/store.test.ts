import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { db, DB_NAME } from '../../db';
import {
  CONSENT_KEY,
  allowAll,
  allowSelection,
  askForConsentNow,
  consentCookieSet,
  consentState,
  hasConsent,
  loadConsent,
  openConsentSettings,
  resetConsent,
} from './store';

const clearCookie = () => {
  // Expires as well: happy-dom keeps a Max-Age=0 cookie until the clock moves on (a flaky test).
  document.cookie = 'ok_consent=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
};

beforeEach(async () => {
  resetConsent();
  clearCookie();
  await db.settings.clear();
});

describe('consent store', () => {
  it('is loading until the stored choice has been read', () => {
    expect(consentState.status).toBe('loading');
    expect(hasConsent('preferences')).toBe(false);
    expect(hasConsent('statistics')).toBe(false);
  });

  it('opens the dialog on the first visit', async () => {
    await loadConsent();
    expect(consentState.status).toBe('ready');
    expect(consentState.choice).toBeNull();
    expect(consentState.dialogOpen).toBe(true);
  });

  it('asks on a first visit without creating the database (nothing stored to read)', async () => {
    await db.delete({ disableAutoOpen: false });
    try {
      await loadConsent();
      expect(consentState.status).toBe('ready');
      expect(consentState.choice).toBeNull();
      expect(consentState.dialogOpen).toBe(true);
      const names = (await indexedDB.databases()).map((d) => d.name);
      expect(names).not.toContain(DB_NAME);
      // The answer is stored as usual: the database comes with the first thing to keep.
      await allowAll();
      expect((await db.settings.get(CONSENT_KEY))?.value).toMatchObject({ preferences: true });
    } finally {
      await db.open();
    }
  });

  it('applies a selection at once, closes the dialog and stores the choice', async () => {
    await loadConsent();
    await allowSelection({ preferences: true, statistics: false });

    expect(consentState.dialogOpen).toBe(false);
    expect(hasConsent('preferences')).toBe(true);
    expect(hasConsent('statistics')).toBe(false);
    const row = await db.settings.get(CONSENT_KEY);
    expect(row?.value).toMatchObject({
      preferences: true,
      statistics: false,
      decidedAt: expect.any(Number) as number,
    });
  });

  it('restores the stored choice on the next visit and keeps the dialog closed', async () => {
    await loadConsent();
    await allowSelection({ preferences: true, statistics: false });

    resetConsent();
    expect(hasConsent('preferences')).toBe(false);
    await loadConsent();

    expect(consentState.status).toBe('ready');
    expect(consentState.dialogOpen).toBe(false);
    expect(hasConsent('preferences')).toBe(true);
    expect(hasConsent('statistics')).toBe(false);
  });

  it('allowAll grants every category', async () => {
    await loadConsent();
    await allowAll();
    resetConsent();
    await loadConsent();
    expect(hasConsent('preferences')).toBe(true);
    expect(hasConsent('statistics')).toBe(true);
    expect(consentState.dialogOpen).toBe(false);
  });

  it('reopens the dialog from the settings link, keeping the current choice', async () => {
    await loadConsent();
    await allowSelection({ preferences: false, statistics: true });
    openConsentSettings();
    expect(consentState.dialogOpen).toBe(true);
    expect(hasConsent('statistics')).toBe(true);
  });

  it('opened from the footer before the stored choice was read: stays open and shows it', async () => {
    await db.settings.put({
      key: CONSENT_KEY,
      value: { preferences: true, statistics: true, decidedAt: 1 },
      updatedAt: 1,
    });
    // The app reads the choice when the browser is idle; the visitor is quicker.
    openConsentSettings();
    expect(consentState.dialogOpen).toBe(true);
    await loadConsent();
    expect(consentState.status).toBe('ready');
    expect(consentState.dialogOpen).toBe(true);
    expect(consentState.choice).toMatchObject({ preferences: true, statistics: true });
  });

  it('always has consent for necessary cookies', async () => {
    expect(hasConsent('necessary')).toBe(true);
    await loadConsent();
    await allowSelection({ preferences: false, statistics: false });
    expect(hasConsent('necessary')).toBe(true);
    expect(hasConsent('preferences')).toBe(false);
  });

  it('treats a stored value of the wrong shape as no choice', async () => {
    await db.settings.put({
      key: CONSENT_KEY,
      value: { preferences: 'yes' },
      updatedAt: Date.now(),
    });
    await loadConsent();
    expect(consentState.status).toBe('ready');
    expect(consentState.choice).toBeNull();
    expect(consentState.dialogOpen).toBe(true);
    expect(hasConsent('preferences')).toBe(false);
  });

  it('applies the choice even when the browser refuses to store it, and says so', async () => {
    await loadConsent();
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const put = vi.spyOn(db.settings, 'put').mockRejectedValueOnce(quota);
    try {
      await allowSelection({ preferences: true, statistics: true });
    } finally {
      put.mockRestore();
    }

    expect(consentState.dialogOpen).toBe(false);
    expect(hasConsent('statistics')).toBe(true);
    expect(consentState.storageError).toMatch(/Speicher Ihres Browsers ist voll/);
  });

  it('marks an answer with the cookie the server renders by', async () => {
    await loadConsent();
    expect(consentCookieSet()).toBe(false);
    await allowAll();
    expect(consentCookieSet()).toBe(true);
  });

  it('closes a dialog opened for a missing cookie when an earlier answer is stored', async () => {
    await allowAll(); // an answer from before the cookie existed
    clearCookie();
    resetConsent();
    askForConsentNow();
    expect(consentState.dialogOpen).toBe(true);
    await loadConsent();
    expect(consentState.dialogOpen).toBe(false);
    expect(hasConsent('statistics')).toBe(true);
    expect(consentCookieSet()).toBe(true);
  });

  it('keeps a dialog opened for a missing cookie open when nothing is stored', async () => {
    askForConsentNow();
    await loadConsent();
    expect(consentState.dialogOpen).toBe(true);
    expect(consentState.choice).toBeNull();
  });

  it('keeps an answer given while the stored choice was still being read', async () => {
    askForConsentNow();
    // The idle read starts and finds nothing; the visitor answers meanwhile, before it returns.
    // Dexie's overloaded get, narrowed to the call readSetting makes.
    const get = vi.spyOn(db.settings, 'get') as unknown as MockInstance<() => Promise<undefined>>;
    let answering: Promise<void> | undefined;
    get.mockImplementationOnce(() => {
      answering = allowSelection({ preferences: true, statistics: false });
      return Promise.resolve(undefined);
    });
    try {
      await loadConsent();
      await answering;
    } finally {
      get.mockRestore();
    }
    expect(hasConsent('preferences')).toBe(true);
    expect(consentState.dialogOpen).toBe(false);
    expect(consentState.status).toBe('ready');
  });
});
