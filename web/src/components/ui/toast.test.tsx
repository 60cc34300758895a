import { render, screen } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { toast } from './toast';
import { Toaster } from './toaster';

describe('toast (N173)', () => {
  afterEach(() => {
    sonnerToast.dismiss();
  });

  it('shows a toast fired before the lazy toaster has mounted', async () => {
    toast.error('Failed to sign out. Please try again.');
    render(<Toaster />);
    expect(await screen.findByText('Failed to sign out. Please try again.')).toBeInTheDocument();
  });
});
