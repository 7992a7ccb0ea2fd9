import { describe, expect, it } from 'vitest';
import { initials } from '../shell/workspace-switcher';
import { emailPieces } from './whole-text';

describe('whole words', () => {
  it('cuts an e-mail address only after its @ and its dots, never at a hyphen', () => {
    expect(emailPieces('ada-lovelace.b@mail.example.com')).toEqual(['ada-lovelace.', 'b@', 'mail.', 'example.', 'com']);
    expect(emailPieces('ada@example.com').join('')).toBe('ada@example.com');
  });

  it("shows a business on a phone's switcher by its initials", () => {
    expect(initials('Harbourside Property Maintenance and Garden Services Limited')).toBe('HP');
    expect(initials('  élan  & co ')).toBe('ÉC');
    expect(initials('a-very-long-mailbox-name@example.com')).toBe('A');
    expect(initials('& —')).toBe('');
  });
});
