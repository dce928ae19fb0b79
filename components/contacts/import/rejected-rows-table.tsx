import { Table, Td, Th } from '@/components/ui/table';
import type { RejectedRow } from '@/lib/client/types';

/** The original row, compactly: its phone first, then the other non-empty columns. */
function rowSummary(row: Record<string, string>): string {
  const entries = Object.entries(row).filter(([, v]) => v !== '' && v != null);
  entries.sort(([a], [b]) => (a === 'phone' ? -1 : b === 'phone' ? 1 : 0));
  return entries.map(([k, v]) => `${k}: ${v}`).join(' · ') || '(empty row)';
}

export function RejectedRowsTable({ rows, total }: { rows: RejectedRow[]; total: number }) {
  return (
    <>
      <Table label="Rejected rows">
        <thead><tr><Th className="w-20">Line</Th><Th>Reason</Th><Th>Row</Th></tr></thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.line}>
              <Td className="tabular-nums">{r.line}</Td>
              <Td className="whitespace-normal text-rose-700">{r.reason}</Td>
              <Td className="max-w-md truncate text-xs text-slate-500" >
                <span title={rowSummary(r.row)}>{rowSummary(r.row)}</span>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {total > rows.length && (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-500">
          Showing the first {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} rejected rows; download the report for all of them.
        </p>
      )}
    </>
  );
}
