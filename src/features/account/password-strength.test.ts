import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['Kurz-1!', 0],
    ['abcdefghi', 0], // 9 characters: below the minimum of 10
    ['aaaaaaaaaaaaaaaaaaaaaaaa', 1], // one repeated character
    ['0123456789', 1], // a run
    ['passwort12345', 1], // a well-known word
    ['tannenbaum', 1], // 10 letters, one class
    ['tannenbaum7', 2], // two classes
    ['tannenbaumzweig', 2], // long, one class
    ['Tannenbaum-7', 3], // four classes, 12 characters
    ['ein langer satz aus wörtern', 3], // 20 or more characters
  ] as const)('%s → %i', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
