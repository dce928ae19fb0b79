import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SandboxPhoneView } from '@/components/sandbox/sandbox-phone-view';

export const metadata: Metadata = { title: 'Sandbox phone' };

export default function SandboxPage() {
  return <Suspense><SandboxPhoneView /></Suspense>;
}
