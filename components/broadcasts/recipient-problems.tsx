'use client';
import { useId } from 'react';
import { Table, Td, Th } from '@/components/ui/table';
import type { Selection } from '@/lib/client/broadcast-recipients';

const SHOWN = 100;
const fmt = new Intl.NumberFormat('en-US');

/**
 * The rows (or contacts) that cannot be sent as they are, each with its reasons, and the choice to
 * leave them out. Shown before anything is sent; the server's verdict on phones joins them after
 * an attempt.
 */
export function RecipientProblems({ selection, candidates, noun, fix, leaveOut, onLeaveOut }: {
  selection: Selection;
  candidates: number;
  noun: { one: string; many: string; column: string };
  /** How to fix them at the source: "Fix the file and choose it again". */
  fix: string;
  leaveOut: boolean;
  onLeaveOut: (v: boolean) => void;
}) {
  const id = useId();
  const { problems } = selection;
  const n = problems.length;
  const word = (count: number) => (count === 1 ? noun.one : noun.many);
  // Numbers, not rows: a number listed twice is sent one message.
  const { fine } = selection;

  if (n === 0) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800" data-testid="recipients-ready">
        All {fmt.format(candidates)} {word(candidates)} can be sent.
        {selection.duplicates > 0 && <> {fmt.format(selection.duplicates)} repeat a phone number listed before them; each number gets the message once.</>}
      </p>
    );
  }
  return (
    <div className="space-y-3 focus:outline-none" data-testid="recipient-problems" tabIndex={-1}>
      <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
        <p className="font-medium">{fmt.format(n)} {n === 1 ? `${noun.one} has a problem` : `${noun.many} have problems`} and cannot be sent as {n === 1 ? 'it is' : 'they are'}.</p>
        <p className="mt-0.5">{fix}, or leave {n === 1 ? 'it' : 'them'} out and send to the other {fmt.format(fine)}.</p>
      </div>
      <div className="max-h-80 overflow-y-auto rounded-md border border-slate-200">
        <Table label={`${noun.many.charAt(0).toUpperCase()}${noun.many.slice(1)} with problems`}>
          <thead><tr><Th>{noun.column}</Th><Th>Problem</Th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {problems.slice(0, SHOWN).map((p) => (
              <tr key={p.key} className="align-top" data-problem-key={p.key}>
                <Td className={`font-medium text-slate-900 ${noun.one === 'row' ? '' : 'whitespace-normal'}`}><div className="min-w-24">{p.label}</div></Td>
                <Td className="whitespace-normal text-rose-700">
                  <ul className="space-y-0.5">{p.messages.map((m) => <li key={m}>{m}</li>)}</ul>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        {n > SHOWN && <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">And {fmt.format(n - SHOWN)} more.</p>}
      </div>
      <div className="flex items-start gap-3">
        <input id={`${id}-leave-out`} type="checkbox" checked={leaveOut} onChange={(e) => onLeaveOut(e.target.checked)}
          disabled={fine === 0} className="mt-0.5 size-4 accent-indigo-600" />
        <label htmlFor={`${id}-leave-out`} className="text-sm text-slate-700">
          {fine === 0
            ? <>Every {noun.one} has a problem: fix them to send (there is nobody else to send to)</>
            : <>Leave out the {fmt.format(n)} {word(n)} with problems and send to the other {fmt.format(fine)}</>}
        </label>
      </div>
    </div>
  );
}
