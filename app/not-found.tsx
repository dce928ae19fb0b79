import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Page not found' };

// Any path the dashboard does not have: said plainly, with the way back (API paths answer JSON).
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-indigo-700">404</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <div className="mt-6 flex justify-center gap-3">
          <ButtonLink href="/inbox">Go to the inbox</ButtonLink>
          <ButtonLink href="/contacts" variant="secondary">Contacts</ButtonLink>
        </div>
      </div>
    </main>
  );
}
