import type { Metadata } from 'next';
import { connection } from 'next/server';
import './globals.css';
import { Providers } from './providers';

export const metadata: Metadata = { title: { default: 'Engage', template: '%s · Engage' }, description: 'Customer messaging dashboard' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request, never prerendered: its scripts carry the request's CSP
  // nonce (proxy.ts), which a page built ahead of time could not.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
