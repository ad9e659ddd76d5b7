/**
 * After a dialog closes, Cloudscape returns the focus to the button that opened it; when that button
 * goes away (the approved order's Approve button leaves its row as the list refreshes), the focus
 * would fall to the page's body and a keyboard user would start again from the top. For a few
 * seconds after a dialog closes, this moves a lost focus to `fallback()` instead.
 */
export function rescueFocus(fallback: () => HTMLElement | null | undefined, forMs = 3000): void {
  const until = Date.now() + forMs;
  const check = () => {
    const active = document.activeElement;
    if (!active || active === document.body) {
      fallback()?.focus();
      return;
    }
    if (Date.now() < until) window.setTimeout(check, 100);
  };
  window.setTimeout(check, 0);
}

/** The first still-pending action in `container` (a button named like `name`), else the container. */
export function nextActionIn(container: HTMLElement | null, name: RegExp): HTMLElement | null {
  if (!container) return null;
  const buttons = Array.from(container.querySelectorAll<HTMLElement>('button[aria-label]'));
  return buttons.find((button) => name.test(button.getAttribute('aria-label') ?? '')) ?? container;
}
