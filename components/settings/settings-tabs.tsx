'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

const TABS = [
  { href: '/settings/account', label: 'Account' },
  { href: '/settings/members', label: 'Members' },
  { href: '/settings/teams', label: 'Teams' },
  { href: '/settings/channels', label: 'Channels' },
  { href: '/settings/quick-replies', label: 'Quick replies' },
  { href: '/settings/profile', label: 'Your profile' },
];

/** The settings pages, as tabs above each of them. */
export function SettingsTabs() {
  const path = usePathname();
  return (
    <nav aria-label="Settings" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-5">
        {TABS.map((t) => {
          const current = path === t.href || path.startsWith(`${t.href}/`);
          return (
            <li key={t.href}>
              <Link href={t.href} aria-current={current ? 'page' : undefined}
                className={`inline-block border-b-2 px-1 pb-2.5 text-sm font-medium ${current ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
