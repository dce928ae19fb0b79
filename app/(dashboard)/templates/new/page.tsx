import type { Metadata } from 'next';
import { NewTemplateView } from '@/components/templates/new-template-view';

export const metadata: Metadata = { title: 'New template' };

export default function NewTemplatePage() {
  return <NewTemplateView />;
}
