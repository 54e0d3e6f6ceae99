/**
 * Client test setup (happy-dom): an in-memory IndexedDB for Dexie and a clean DOM after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
