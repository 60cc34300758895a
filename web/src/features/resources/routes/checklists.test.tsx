import { screen, within } from '@testing-library/react';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

async function open(path: string, title: string) {
  skipCookieBanner();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return app;
}

const progress = () => screen.getByRole('progressbar');

describe('apartment viewing checklist', () => {
  it('lists about 40 items in the six groups of 001 §2, none ticked', async () => {
    await open('/resources/viewing-checklist', 'Apartment Viewing Checklist');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual([
      'Safety and security',
      'Water and plumbing',
      'Electrical and technology',
      'Appliances and utilities',
      'Cleanliness and maintenance',
      'Questions to ask',
    ]);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThanOrEqual(38);
    expect(boxes.length).toBeLessThanOrEqual(42);
    expect(boxes.every((box) => box.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(progress()).toHaveAttribute('aria-valuemax', String(boxes.length));
    expect(screen.getByText(`0 of ${boxes.length} checked`)).toBeInTheDocument();
  });

  it('moves the progress bar as items are ticked and unticked', async () => {
    const { user } = await open('/resources/viewing-checklist', 'Apartment Viewing Checklist');
    const total = screen.getAllByRole('checkbox').length;
    await user.click(screen.getByRole('checkbox', { name: /working deadbolts/ }));
    await user.click(screen.getByRole('checkbox', { name: /Water pressure is good/ }));
    await user.click(screen.getByRole('checkbox', { name: /Hot water arrives/ }));
    expect(screen.getByText(`3 of ${total} checked`)).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    expect(progress()).toHaveAttribute('aria-valuetext', `3 of ${total} checked (${Math.round((3 / total) * 100)}%)`);

    await user.click(screen.getByRole('checkbox', { name: /Hot water arrives/ }));
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    const water = within(screen.getByRole('region', { name: 'Water and plumbing' }));
    expect(water.getByRole('checkbox', { name: /Water pressure is good/ })).toBeChecked();
    expect(water.getByRole('checkbox', { name: /Hot water arrives/ })).not.toBeChecked();
  });

  it('Reset unticks everything', async () => {
    const { user } = await open('/resources/viewing-checklist', 'Apartment Viewing Checklist');
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Smoke alarms/ }));
    await user.click(screen.getByRole('checkbox', { name: /signs of pests/ }));
    expect(progress()).toHaveAttribute('aria-valuenow', '2');

    await user.click(reset);
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getAllByRole('checkbox').filter((box) => box.getAttribute('aria-checked') === 'true')).toEqual([]);
  });

  it('Print opens the browser print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    try {
      const { user } = await open('/resources/viewing-checklist', 'Apartment Viewing Checklist');
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('lease agreement checklist', () => {
  it('tracks its own progress and resets', async () => {
    const { user } = await open('/resources/lease-checklist', 'Lease Agreement Checklist');
    const total = screen.getAllByRole('checkbox').length;
    expect(total).toBe(25);
    await user.click(screen.getByRole('checkbox', { name: /Every roommate who will live there/ }));
    expect(screen.getByText(`1 of ${total} checked`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText(`0 of ${total} checked`)).toBeInTheDocument();
  });
});
