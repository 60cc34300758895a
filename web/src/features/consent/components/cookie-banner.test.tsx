import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { db } from '../../../test/db';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { openCookiePreferences } from '../api/cookie-preferences';

const banner = () => screen.findByRole('region', { name: /We value your privacy/ });

describe('cookie banner', () => {
  it('stores the three keys on Accept All, logs consent, and is not shown again', async () => {
    const { user, unmount } = renderApp('/');
    await banner();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));

    expect(screen.queryByRole('region', { name: /We value your privacy/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null')).toEqual({
      essential: true,
      analytics: true,
      functional: true,
      marketing: true,
    });
    expect(localStorage.getItem('cookie-consent-given')).toBe('true');
    expect(Number.isNaN(Date.parse(localStorage.getItem('cookie-consent-date') ?? ''))).toBe(false);
    await waitFor(() => expect(db.consentLog.count()).toBe(1));
    expect(db.consentLog.getAll()[0]).toMatchObject({
      consentType: 'cookies',
      consentGiven: true,
      consentMethod: 'banner_interaction',
      consentVersion: '1.0',
      legalBasis: 'consent',
    });

    unmount();
    renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.queryByRole('region', { name: /We value your privacy/ })).not.toBeInTheDocument();
  });

  it('keeps only essential cookies on Reject All', async () => {
    const { user } = renderApp('/');
    await banner();
    await user.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null')).toEqual({
      essential: true,
      analytics: false,
      functional: false,
      marketing: false,
    });
    await waitFor(() => expect(db.consentLog.count()).toBe(1));
  });

  it('saves a customised choice with essential always on', async () => {
    const { user } = renderApp('/');
    await banner();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(await screen.findByRole('checkbox', { name: /Essential/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Essential/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Functional/ }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null')).toEqual({
      essential: true,
      analytics: false,
      functional: true,
      marketing: false,
    });
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).not.toBeInTheDocument();
  });

  it('hides the banner even when logging consent fails', async () => {
    server.use(http.post('/api/log-consent', () => new HttpResponse(null, { status: 500 })));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/');
    await banner();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(localStorage.getItem('cookie-consent-given')).toBe('true');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to log cookie consent', expect.anything()));
    expect(screen.queryByRole('region', { name: /We value your privacy/ })).not.toBeInTheDocument();
    errors.mockRestore();
  });

  it('can be reopened later (Settings → Cookie Preferences)', async () => {
    localStorage.setItem('cookie-consent-given', 'true');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, analytics: true }));
    const { user } = renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).not.toBeInTheDocument();
    act(() => openCookiePreferences());
    expect(await screen.findByRole('checkbox', { name: /Analytics/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).not.toBeInTheDocument();
  });
});
