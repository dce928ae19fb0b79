import { PageHeader } from '@/components/ui/page-header';

/** Placeholder for areas of the product that are not built yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <p className="text-sm font-medium text-slate-900">{title} is coming soon</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-500">{description}</p>
      </div>
    </>
  );
}
