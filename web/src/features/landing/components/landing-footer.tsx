import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';

const groups = [
  {
    title: 'Product',
    links: [
      { to: '/sign-up', label: 'Get Started' },
      { to: '/sign-in', label: 'Sign In' },
      { to: '/resources', label: 'Resources' },
    ],
  },
  {
    title: 'Safety',
    links: [
      { to: '/safety-tips', label: 'Safety Tips' },
      { to: '/community-guidelines', label: 'Community Guidelines' },
      { to: '/security-center', label: 'Security Center' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/acceptable-use-policy', label: 'Acceptable Use Policy' },
      { to: '/accessibility-statement', label: 'Accessibility Statement' },
    ],
  },
];

export function LandingFooter() {
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-page py-12 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm text-brand-200">
            Roommate matching for verified U.S. college students. Made with care for first apartments everywhere.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-bold tracking-wide text-white uppercase">{group.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-brand-100 underline-offset-4 hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-page py-5 text-xs text-brand-200">
          © {new Date().getFullYear()} Nestmate. For students 18 and older with a valid .edu email address.
        </p>
      </div>
    </footer>
  );
}
