import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TemplateListView } from '@/components/templates/template-list-view';

export const metadata: Metadata = { title: 'Templates' };

export default function TemplatesPage() {
  return <Suspense><TemplateListView /></Suspense>;
}
