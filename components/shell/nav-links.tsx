'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Role } from '@/lib/client/types';
import { useUnreadCount } from '@/lib/client/inbox';
import { NAV_ITEMS } from './nav-items';

function UnreadBadge() {
  const unread = useUnreadCount();
  if (!unread.data) return null;
  return <span data-testid="nav-unread" aria-label={`${unread.data} unread`} className="ml-2 rounded-full bg-emerald-600 px-1.5 text-xs font-semibold text-white">{unread.data}</span>;
}

export function NavLinks({ role, onNavigate }: { role: Role | undefined; onNavigate?: () => void }) {
  const pathname = usePathname();
  const items = NAV_ITEMS.filter((item) => !item.roles || (role && item.roles.includes(role)));
  const matches = (match: string) => pathname === match || pathname.startsWith(`${match}/`);
  // The most specific entry wins: /settings/channels marks "Channels", not "Settings" as well.
  const activeMatch = items.map((i) => i.match).filter(matches).sort((a, b) => b.length - a.length)[0];
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5">
      {items.map((item) => {
        const active = item.match === activeMatch;
        return (
          <Link key={item.href} href={item.href} onClick={onNavigate} aria-current={active ? 'page' : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium transition-colors ${
              active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}>
            {item.label}
            {item.href === '/inbox' && <UnreadBadge />}
          </Link>
        );
      })}
    </nav>
  );
}
