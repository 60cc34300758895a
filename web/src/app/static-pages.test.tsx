import { screen, waitFor } from '@testing-library/react';
import { seedSignedInUser } from '../test/db';
import { renderApp, skipCookieBanner } from '../test/render-app';

/** The static legal, safety and resource pages (001 §2), their h1 and where "back" goes. */
const settingsPages = [
  ['/safety-tips', 'Safety Tips'],
  ['/accessibility-statement', 'Accessibility Statement'],
  ['/community-guidelines', 'Community Guidelines'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/acceptable-use-policy', 'Acceptable Use Policy'],
  ['/security-center', 'Security Center'],
] as const;

const resourcePages = [
  ['/resources/renters-rights-ca', 'Renter’s Rights in California'],
  ['/resources/rental-scams', 'Rental Scams'],
  ['/resources/roommate-questions', 'Roommate Questions'],
  ['/resources/viewing-checklist', 'Apartment Viewing Checklist'],
  ['/resources/lease-checklist', 'Lease Agreement Checklist'],
  ['/resources/cost-calculator', 'Cost of Living Calculator'],
] as const;

async function expectPage(path: string, title: string) {
  const { user, router } = renderApp(path);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => expect(document.title).toBe(`${title} · Nestmate`));
  return { user, router };
}

describe('static pages', () => {
  beforeEach(skipCookieBanner);

  describe.each(settingsPages)('%s', (path, title) => {
    it('goes back to / for a signed-out visitor', async () => {
      await expectPage(path, title);
      expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    });

    it('goes back to /settings for a signed-in student', async () => {
      seedSignedInUser();
      const { user, router } = await expectPage(path, title);
      const back = await screen.findByRole('link', { name: 'Settings' });
      await user.click(back);
      expect(router.state.location.pathname).toBe('/settings');
    });
  });

  describe.each(resourcePages)('%s', (path, title) => {
    it('goes back to the Resource Hub', async () => {
      const { user, router } = await expectPage(path, title);
      await user.click(screen.getByRole('link', { name: 'Resource Hub' }));
      expect(router.state.location.pathname).toBe('/resources');
      expect(await screen.findByRole('heading', { level: 1, name: 'Resource Hub' })).toBeInTheDocument();
    });
  });

  it('/resources goes back home and links every guide, checklist and tool', async () => {
    const { user, router } = await expectPage('/resources', 'Resource Hub');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    for (const [to, name] of resourcePages) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', to);
    }
    await user.click(screen.getByRole('link', { name: 'Start Swiping' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('the Privacy Policy has the 15 sections of 001 §2 in its table of contents', async () => {
    await expectPage('/privacy-policy', 'Privacy Policy');
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = Array.from(contents.querySelectorAll('a'));
    expect(links).toHaveLength(15);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id), id).toBeInstanceOf(HTMLElement);
    }
    expect(screen.getByRole('region', { name: /How long we keep it/ })).toHaveTextContent(
      /Messages7 years after the last message/,
    );
  });

  it('the Acceptable Use Policy has 13 sections', async () => {
    await expectPage('/acceptable-use-policy', 'Acceptable Use Policy');
    expect(screen.getByRole('navigation', { name: 'On this page' }).querySelectorAll('a')).toHaveLength(13);
    expect(screen.getByRole('region', { name: /Appeals/ })).toHaveTextContent(/within 30 days/);
  });

  it('the Terms state the age, liability cap and price-change notice', async () => {
    await expectPage('/terms-of-service', 'Terms of Service');
    expect(screen.getByRole('region', { name: /Eligibility/ })).toHaveTextContent(/18 years old/);
    expect(screen.getByRole('region', { name: /Limitation of liability/ })).toHaveTextContent(
      /greater of the amounts you paid us in the 12 months before the claim arose, or \$100/,
    );
    expect(screen.getByRole('region', { name: /Gold and one-time purchases/ })).toHaveTextContent(/30 days’ notice/);
  });

  it('the Security Center shows the response table and an emergency mail link', async () => {
    await expectPage('/security-center', 'Security Center');
    expect(screen.getByRole('link', { name: /Emergency: Email Security Team/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:security@nestmate\.app/),
    );
    const table = screen.getByRole('table', { name: /Acknowledgment and initial response/ });
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((row) => row.textContent);
    expect(rows).toEqual([
      'Critical15 minutes1 hour',
      'High2 hours8 hours',
      'Medium24 hours72 hours',
      'Low72 hours1 week',
    ]);
  });
});
