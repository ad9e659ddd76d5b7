import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Helpers for journeys done with the keyboard alone: moving the focus with Tab, reading what has
 * it, and checking that a sighted keyboard user can see where it is.
 */

// The tests are type-checked without the DOM library; this is the little of it they touch.
interface BrowserElement {
  tagName: string;
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  closest(selector: string): BrowserElement | null;
}
interface BrowserStyle {
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
  boxShadow: string;
  borderTopStyle: string;
  borderTopWidth: string;
  borderTopColor: string;
  content: string;
  display: string;
}
interface BrowserWindow {
  document: {
    activeElement: BrowserElement | null;
    body: BrowserElement;
    getElementById(id: string): BrowserElement | null;
    querySelector(selector: string): BrowserElement | null;
  };
  getComputedStyle(element: BrowserElement, pseudo?: string): BrowserStyle;
}

/** The focused element in words: its tag, role and name, so a failure says where the focus went. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as BrowserWindow;
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const role = element.getAttribute('role');
    const name =
      element.getAttribute('aria-label') ||
      (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50) ||
      element.getAttribute('placeholder');
    return [
      element.tagName.toLowerCase(),
      role && `[role=${role}]`,
      element.id && `#${element.id}`,
      name && `"${name}"`,
    ]
      .filter(Boolean)
      .join(' ');
  });
}

/** True when the focus is on the page's body: it was lost, and the next Tab starts from the top. */
export function focusIsLost(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as BrowserWindow;
    return !document.activeElement || document.activeElement === document.body;
  });
}

/** True when the focused element is inside the element `selector` names (or is it). */
export function focusIsWithin(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((within) => {
    const { document } = globalThis as unknown as BrowserWindow;
    return Boolean(document.activeElement?.closest(within)) && document.querySelector(within) !== null;
  }, selector);
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === (globalThis as unknown as BrowserWindow).document.activeElement);

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `target` has the focus, at most `max` times;
 * fails with the elements the focus visited on the way. An element that already has the focus
 * (an autofocused field) takes no press.
 */
export async function tabTo(page: Page, target: Locator, max = 60, key = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  const visited: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    if (presses === max) break;
    await page.keyboard.press(key);
    visited.push(await focusedElement(page));
  }
  throw new Error(
    `${target.toString()} was not reached with ${max} presses of ${key}; the focus visited:\n  ${visited.join('\n  ')}`,
  );
}

/**
 * How the focused element shows it has the focus: its own outline or box shadow, or the ring
 * Cloudscape draws with a pseudo-element (a border or shadow on ::before or ::after). Null when
 * none is visible: no style, a zero width, or a transparent colour (Cloudscape's focused controls
 * carry a transparent outline for Windows' high-contrast mode, which shows nothing otherwise).
 */
export function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const browser = globalThis as unknown as BrowserWindow;
    const transparent = (color: string) => color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color);
    // A shadow list is visible if one of its shadows has a colour that is not fully transparent.
    const visibleShadow = (shadow: string) =>
      shadow !== 'none' &&
      shadow.split(/,(?![^(]*\))/).some((part) => !/rgba\([^)]*,\s*0\)/.test(part) && !part.includes('transparent'));
    const describe = (element: BrowserElement, pseudo?: string): string | null => {
      const style = browser.getComputedStyle(element, pseudo);
      if (pseudo && (style.content === 'none' || style.display === 'none')) return null;
      const where = `${element.tagName.toLowerCase()}${pseudo ?? ''}`;
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor))
        return `${where} outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      if (visibleShadow(style.boxShadow)) return `${where} box-shadow ${style.boxShadow}`;
      if (
        pseudo &&
        style.borderTopStyle !== 'none' &&
        parseFloat(style.borderTopWidth) > 0 &&
        !transparent(style.borderTopColor)
      )
        return `${where} border ${style.borderTopWidth} ${style.borderTopColor}`;
      return null;
    };
    const element = browser.document.activeElement;
    if (!element || element === browser.document.body) return null;
    return describe(element) ?? describe(element, '::before') ?? describe(element, '::after');
  });
}

/** Asserts that `target` has the focus and shows it. */
export async function expectVisibleFocus(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await focusIndicator(page), `a visible focus indicator on ${await focusedElement(page)}`).not.toBeNull();
}

/** The option the keyboard has highlighted in an open Cloudscape select: the focused list's active descendant. */
function highlightedOption(page: Page): Promise<string> {
  return page.evaluate(() => {
    const browser = globalThis as unknown as BrowserWindow;
    const id = browser.document.activeElement?.getAttribute('aria-activedescendant');
    const option = id ? browser.document.getElementById(id) : null;
    return (option?.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** With a Cloudscape select's list open: ArrowDown until the highlighted option reads like `option`, then Enter. */
async function arrowDownTo(page: Page, option: string | RegExp, max: number): Promise<void> {
  const matches = (text: string) => (typeof option === 'string' ? text.includes(option) : option.test(text));
  const seen: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('ArrowDown');
    const text = await highlightedOption(page);
    seen.push(text);
    if (text && matches(text)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`No option like ${String(option)} was highlighted; the arrows went through:\n  ${seen.join('\n  ')}`);
}

/** With the focus on a Cloudscape select's trigger: Enter opens it, the arrows reach `option`, Enter chooses it. */
export async function chooseByKeyboard(page: Page, option: string | RegExp, max = 30): Promise<void> {
  await page.keyboard.press('Enter');
  await arrowDownTo(page, option, max);
}

/**
 * With the focus on a member select's trigger (web/src/components/forms/member-select.tsx): Enter
 * opens it with the focus in its search box (`searchLabel`), the member number is typed, and once
 * the server's answer lists that member the arrows reach them and Enter chooses them.
 */
export async function chooseMemberByKeyboard(page: Page, searchLabel: string, memberNumber: string): Promise<void> {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: searchLabel })).toBeFocused();
  await page.keyboard.type(memberNumber);
  // The list first shows the members found before the search; the arrows wait for the search's answer.
  await expect(page.getByRole('option')).toHaveText([new RegExp(memberNumber)]);
  await arrowDownTo(page, memberNumber, 5);
}
