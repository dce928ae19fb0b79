'use client';
import { useId, useState } from 'react';
import { Table, Td, Th } from '@/components/ui/table';
import { inputClass } from '@/components/ui/text-field';
import { FieldErrors } from '@/components/ui/field-errors';
import { decodeSource, encodeSource, variableLabel, type Mapping, type ValueSource } from '@/lib/client/broadcast-recipients';
import { CsvError, decodeCsvBytes, parseCsv, type CsvTable } from '@/lib/client/csv';
import type { VariableSlot } from '@/components/templates/template-parts';
import { formatBytes } from '@/components/contacts/import/format-bytes';

export type CsvFile = { name: string; size: number; table: CsvTable };

/** Files are read whole in the browser; this is far more than 100,000 rows of a few columns. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const SAMPLE_ROWS = 3;
const fmt = new Intl.NumberFormat('en-US');
const delimiterName = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' } as const;

/** A header line and one example row, for the template's variables. */
function sampleCsv(slots: VariableSlot[]): string {
  const header = ['phone', ...slots.map((s) => `variable_${s.index + 1}`)];
  const row = ['+525512345678', ...slots.map((s) => `value ${s.index + 1}`)];
  return `${header.join(',')}\r\n${row.join(',')}\r\n`;
}

function SourceSelect({ id, label, value, columns, onChange, allowFixed }: {
  id: string; label: string; value: ValueSource; columns: string[]; onChange: (s: ValueSource) => void; allowFixed: boolean;
}) {
  return (
    <div className="sm:grid sm:grid-cols-5 sm:items-start sm:gap-3">
      <label htmlFor={id} className="block pt-2 text-sm font-medium text-slate-700 sm:col-span-2">{label}</label>
      <div className="mt-1 space-y-2 sm:col-span-3 sm:mt-0">
        <select id={id} className={inputClass} value={encodeSource(value)}
          onChange={(e) => onChange(decodeSource(e.target.value, value.kind === 'fixed' ? value.value : ''))}>
          <option value="">Choose a column…</option>
          {columns.map((c, i) => <option key={i} value={`column:${i}`}>{c || `Column ${i + 1}`}</option>)}
          {allowFixed && <option value="fixed">The same text for everyone…</option>}
        </select>
        {value.kind === 'fixed' && (
          <input aria-label={`${label}: text for everyone`} className={inputClass} value={value.value} placeholder="Text for every recipient"
            maxLength={1024} onChange={(e) => onChange({ kind: 'fixed', value: e.target.value })} />
        )}
      </div>
    </div>
  );
}

/**
 * Recipients from a CSV file read in the browser: choose the file, then match its columns to the
 * phone and to each template variable (a first guess is made from the column names).
 */
export function CsvSource({ file, mapping, slots, onFile, onMapping }: {
  file: CsvFile | null;
  mapping: Mapping;
  slots: VariableSlot[];
  onFile: (file: CsvFile | null) => void;
  onMapping: (mapping: Mapping) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const read = async (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return onFile(null);
    if (chosen.size > MAX_FILE_BYTES) {
      onFile(null);
      return setProblem(`The file is ${formatBytes(chosen.size)}; files of up to ${formatBytes(MAX_FILE_BYTES)} can be read here.`);
    }
    setReading(true);
    try {
      const table = parseCsv(decodeCsvBytes(new Uint8Array(await chosen.arrayBuffer())));
      if (table.records.length === 0) throw new CsvError('The file has a header row but no recipients under it.', 1);
      onFile({ name: chosen.name, size: chosen.size, table });
    } catch (error) {
      onFile(null);
      setProblem(error instanceof CsvError ? error.message : 'The file could not be read.');
    } finally {
      setReading(false);
    }
  };

  const columns = file?.table.header ?? [];
  const role = (i: number) => [
    ...(mapping.phone === i ? ['phone'] : []),
    ...mapping.variables.flatMap((s, v) => (s.kind === 'column' && s.index === i ? [`variable ${v + 1}`] : [])),
  ];

  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">CSV file</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" aria-describedby={`${id}-hint`}
          onChange={(e) => void read(e.target.files?.[0])}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100" />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          A header row, then one row per recipient: a phone number column and a column for each template variable.
          Commas or semicolons, UTF-8 or Windows-1252. The file is read here, in your browser, and checked before anything is sent.{' '}
          <a download="broadcast-sample.csv" className="font-medium text-indigo-700 underline"
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv(slots))}`}>Download a sample file</a>
        </p>
        {reading && <p role="status" className="mt-2 text-sm text-slate-600">Reading the file…</p>}
        <FieldErrors messages={problem ? [problem] : []} />
      </div>

      {file && (
        <>
          <p className="text-sm text-slate-600" data-testid="csv-summary">
            <span className="font-medium text-slate-900">{file.name}</span> · {formatBytes(file.size)} ·{' '}
            {fmt.format(file.table.records.length)} {file.table.records.length === 1 ? 'row' : 'rows'} · separated by {delimiterName[file.table.delimiter]}
          </p>
          <div className="overflow-hidden rounded-md border border-slate-200">
            <Table label="File preview">
              <thead>
                <tr>
                  <Th className="w-16">Row</Th>
                  {columns.map((c, i) => (
                    <Th key={i}>
                      <span className="block normal-case">{c || `Column ${i + 1}`}</span>
                      {role(i).length > 0 && (
                        <span className="mt-0.5 flex gap-1">
                          {role(i).map((r) => <span key={r} className="whitespace-nowrap rounded bg-indigo-100 px-1 py-0.5 text-[10px] font-medium normal-case tracking-normal text-indigo-700">{r}</span>)}
                        </span>
                      )}
                    </Th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {file.table.records.slice(0, SAMPLE_ROWS).map((r) => (
                  <tr key={r.row}>
                    <Td className="tabular-nums text-slate-500">{r.row}</Td>
                    {columns.map((_, i) => <Td key={i}><div className="max-w-48 truncate" title={r.fields[i] ?? ''}>{r.fields[i] ?? ''}</div></Td>)}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Match the columns</legend>
            <SourceSelect id={`${id}-phone`} label="Phone number" columns={columns} allowFixed={false}
              value={mapping.phone === null ? { kind: 'none' } : { kind: 'column', index: mapping.phone }}
              onChange={(s) => onMapping({ ...mapping, phone: s.kind === 'column' ? s.index : null })} />
            {slots.map((slot) => (
              <SourceSelect key={slot.index} id={`${id}-var-${slot.index}`} label={capitalize(variableLabel(slot.index, slot.part))}
                columns={columns} allowFixed value={mapping.variables[slot.index] ?? { kind: 'none' }}
                onChange={(s) => onMapping({ ...mapping, variables: mapping.variables.map((x, i) => (i === slot.index ? s : x)) })} />
            ))}
            {slots.length === 0 && <p className="text-sm text-slate-500">This template has no variables: only the phone column is used.</p>}
          </fieldset>
        </>
      )}
    </div>
  );
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
