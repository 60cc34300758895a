import { render, screen } from '@testing-library/react';
import { RouteErrorBoundary } from './routes/route-error';

function Broken(): never {
  throw new Error('page failed');
}

describe('route error screen (N172)', () => {
  it('shows "Something went wrong" when a page throws, and clears on the next location', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="b">
        <p>Next page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Next page')).toBeInTheDocument();
    spy.mockRestore();
  });
});
