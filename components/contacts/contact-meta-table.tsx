import { EmptyState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';

export function ContactMetaTable({ meta }: { meta: Record<string, string> }) {
  const entries = Object.entries(meta);
  if (!entries.length) return <EmptyState title="No attributes" />;
  return (
    <Table label="Attributes">
      <thead><tr><Th>Name</Th><Th>Value</Th></tr></thead>
      <tbody className="divide-y divide-slate-100">
        {entries.map(([k, v]) => (
          <tr key={k}><Td className="font-medium text-slate-900">{k}</Td><Td className="whitespace-normal break-words">{v}</Td></tr>
        ))}
      </tbody>
    </Table>
  );
}
