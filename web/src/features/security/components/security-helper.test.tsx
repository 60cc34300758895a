import { screen, waitFor } from '@testing-library/react';
import { db } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

describe('security helper', () => {
  it('reports one session_start per page load, with "direct" when there is no referrer', async () => {
    skipCookieBanner();
    const first = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(db.securityEvent.count()).toBe(1));
    expect(db.securityEvent.getAll()[0]).toMatchObject({ event_type: 'session_start', referrer: 'direct' });

    first.unmount();
    renderApp('/resources');
    await screen.findByRole('heading', { level: 1, name: 'Resource Hub' });
    expect(db.securityEvent.count()).toBe(1);
  });
});
