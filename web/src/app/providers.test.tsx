import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import Tabs from '@cloudscape-design/components/tabs';
import { AppProviders } from './providers';

const TABS = ['Personal Info', 'Work Info', 'Next of Kin', 'Emergency Contact', 'Documents', 'Leave'].map(
  (label, at) => ({ id: `t${at}`, label, content: label }),
);

describe("the app's providers name Cloudscape's own controls", () => {
  // The tab list reports more width than it shows, as a browser does when the headers overflow:
  // Tabs then draws its scroll buttons (happy-dom lays nothing out, so every width is 0 otherwise).
  const scrollWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 1000 });
  });
  afterEach(() => {
    cleanup();
    if (scrollWidth) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', scrollWidth);
    else delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  });

  it('gives the scroll buttons of overflowing tabs a name', () => {
    render(
      <AppProviders>
        <Tabs ariaLabel="Edit profile" tabs={TABS} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Scroll tabs left' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scroll tabs right' })).toBeTruthy();
  });

  it('draws the same buttons without a name outside them (what axe found)', () => {
    render(<Tabs ariaLabel="Edit profile" tabs={TABS} />);
    // The tab headers are role "tab": the only buttons are the two scroll buttons.
    const scrollButtons = screen.getAllByRole('button');
    expect(scrollButtons.length).toBe(2);
    expect(scrollButtons.every((button) => !button.getAttribute('aria-label'))).toBe(true);
  });
});
