import { describe, expect, it } from 'vitest';
import { initials } from './workspace-switcher';

describe("a phone's workspace switcher", () => {
  it('shows the business by the first letters of its first two words', () => {
    expect(initials('Harbourside Property Maintenance and Garden Services Limited')).toBe('HP');
    expect(initials('  élan  & co ')).toBe('ÉC');
    expect(initials('a-very-long-mailbox-name@example.com')).toBe('A');
    expect(initials('& —')).toBe('');
  });
});
