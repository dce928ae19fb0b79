import type { Metadata } from 'next';
import { TemplateDetailView } from '@/components/templates/template-detail-view';

export const metadata: Metadata = { title: 'Template' };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateDetailView id={id} />;
}
