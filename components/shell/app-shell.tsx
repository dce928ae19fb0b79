'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { useMe } from '@/lib/client/me';
import { NavLinks } from './nav-links';
import { UserMenu } from './user-menu';

export function AppShell({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const path = usePathname();
  const wide = path.startsWith('/inbox');
  // The flow builder is a canvas: it takes the whole window and has its own way back.
  const bare = /^\/flows\/[^/]+\/builder/.test(path);
  const sidebar = (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link href="/contacts" className="flex items-center gap-2 px-1">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-md bg-indigo-600 text-sm font-bold text-white">E</span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-slate-900">Engage</span>
          <span className="block truncate text-xs text-slate-500" data-testid="account-name">{me.data?.account.name ?? ' '}</span>
        </span>
      </Link>
      <div className="flex-1"><NavLinks role={me.data?.user.role} onNavigate={() => setOpen(false)} /></div>
      <UserMenu me={me.data} />
    </div>
  );
  if (bare) return <main className="min-h-screen">{children}</main>;
  return (
    <div className="min-h-screen lg:flex">
      {/* The first Tab stop: past the navigation's links to the page itself. */}
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to content
      </a>
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 h-screen">{sidebar}</div>
      </aside>
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <span className="text-sm font-semibold">{me.data?.account.name ?? 'Engage'}</span>
        <button type="button" aria-expanded={open} aria-controls="mobile-nav" onClick={() => setOpen((o) => !o)}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300">
          Menu
        </button>
      </div>
      {open && (
        <div id="mobile-nav" className="border-b border-slate-200 bg-white lg:hidden"
          onKeyDown={(e) => {
            // Escape closes the menu and puts the focus back on its button.
            if (e.key !== 'Escape') return;
            setOpen(false);
            document.querySelector<HTMLElement>('[aria-controls="mobile-nav"]')?.focus();
          }}>{sidebar}</div>
      )}
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {/* The inbox is a full-screen workspace; every other page is a centred column. */}
        {wide ? children : <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">{children}</div>}
      </main>
    </div>
  );
}
