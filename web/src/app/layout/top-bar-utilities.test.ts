import { describe, expect, it } from 'vitest';
import { chatUtility, topBarShortcuts } from './top-bar-utilities';

describe('top bar shortcuts', () => {
  it('offers the members shortcut to a cooperative admin inside a cooperative', () => {
    expect(topBarShortcuts('cooperative-admin', 'cooperative-admin', 'c1').members).toBe(true);
    expect(topBarShortcuts('cooperative-accountant', 'cooperative-accountant', 'c1').members).toBe(false);
    expect(topBarShortcuts('super-admin', 'super-admin', null).members).toBe(false);
  });

  it('offers elections to members and executives, polls to everyone else', () => {
    expect(topBarShortcuts('cooperative-executive', 'cooperative-executive', 'c1')).toMatchObject({
      elections: true,
      polls: false,
    });
    expect(topBarShortcuts('cooperative-admin', 'super-admin', 'c1')).toMatchObject({ elections: false, polls: true });
  });

  it('offers the cooperative switcher to a super-admin only, in any context', () => {
    expect(topBarShortcuts('cooperative-admin', 'super-admin', 'c1').switcher).toBe(true);
    expect(topBarShortcuts('report', 'super-admin', null).switcher).toBe(true);
    expect(topBarShortcuts('cooperative-admin', 'cooperative-admin', 'c1').switcher).toBe(false);
  });

  it('leads members and executives to their shop, and everyone else into the e-shop menu', () => {
    for (const role of ['cooperative-member', 'cooperative-executive'] as const)
      expect(topBarShortcuts(role, role, 'c1').store).toEqual({ href: '/shop' });
    for (const role of ['cooperative-admin', 'cooperative-accountant', 'super-admin'] as const)
      expect(topBarShortcuts(role, role, 'c1').store).toEqual({ href: '/e-shop/dashboard', switchTo: 'eshop' });
    expect(topBarShortcuts('cooperative-admin', 'super-admin', 'c1').store.href).toBe('/e-shop/dashboard');
  });

  it("gives a store keeper their store's home for Store, and no chat, polls, members or elections", () => {
    expect(topBarShortcuts('eshop', 'eshop', 'c1')).toEqual({
      members: false,
      chat: false,
      elections: false,
      polls: false,
      switcher: false,
      store: { href: '/e-shop/dashboard' },
    });
    expect(topBarShortcuts('eshop', 'cooperative-admin', 'c1')).toMatchObject({ chat: true, polls: true });
  });
});

describe('chat utility', () => {
  it('shows a badge and the count when messages are unread', () => {
    expect(chatUtility(3)).toEqual({ badge: true, ariaLabel: 'Chat, 3 unread' });
    expect(chatUtility(1)).toEqual({ badge: true, ariaLabel: 'Chat, 1 unread' });
  });

  it('is a plain Chat link with nothing unread', () => {
    expect(chatUtility(0)).toEqual({ badge: false, ariaLabel: 'Chat' });
  });
});
