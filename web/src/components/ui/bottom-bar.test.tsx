import { act, render, screen } from '@testing-library/react';
import { setBottomInset } from '../../lib/bottom-inset';
import { BottomBar } from './bottom-bar';

describe('BottomBar and the cookie banner inset (issue 17, N257)', () => {
  afterEach(() => act(() => setBottomInset(0)));

  it('sits above the banner while it is open and keeps the page end free, without a variable on <html>', () => {
    render(
      <BottomBar label="Main">
        <a href="/">Discover</a>
      </BottomBar>,
    );
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(bar.style.transform).toBe('');

    act(() => setBottomInset(120));
    expect(bar.style.transform).toBe('translateY(-120px)');
    expect(document.body.style.paddingBottom).toBe('120px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('120px');
    expect(document.documentElement.getAttribute('style') ?? '').not.toContain('--');

    act(() => setBottomInset(0));
    expect(bar.style.transform).toBe('');
    expect(document.body.style.paddingBottom).toBe('');
  });
});
