import { describe, expect, it } from 'vitest';
import { emailPieces } from './whole-text';

describe('an e-mail address in pieces', () => {
  it('is cut only after its @ and its dots, never at a hyphen', () => {
    expect(emailPieces('ada-lovelace.b@mail.example.com')).toEqual(['ada-lovelace.', 'b@', 'mail.', 'example.', 'com']);
    expect(emailPieces('ada@example.com').join('')).toBe('ada@example.com');
  });
});
