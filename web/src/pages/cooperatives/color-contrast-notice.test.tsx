import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ColorContrastNotice } from './color-contrast-notice';

afterEach(cleanup);

describe('the colour contrast notice on the cooperative form', () => {
  it('stays silent for colours that carry white text', () => {
    render(<ColorContrastNotice primary="#4276A4" secondary="#2D5F8B" />);
    expect(screen.queryByText(/readable/)).toBeNull();
  });

  it('stays silent while a colour is half typed', () => {
    render(<ColorContrastNotice primary="#FFF" secondary="#2D5F8B" />);
    expect(screen.queryByText(/readable/)).toBeNull();
  });

  it('names the text colour that will be used on a light primary colour', () => {
    // #F0E68C: white reads at 1.28:1, near-black #0F141A at 14.45:1 (worked out in contrast.test.ts)
    render(<ColorContrastNotice primary="#F0E68C" secondary="#2D5F8B" />);
    expect(screen.getByText('Some text will change colour to stay readable')).toBeTruthy();
    expect(screen.getByText(/on the primary colour #F0E68C \(1\.28:1\).*#0F141A text \(14\.4\d:1\)/)).toBeTruthy();
  });
});
