// Table pieces with one look everywhere; plain elements so roles (table, row, cell) stay native.

// The scroller is the containing block of anything positioned in the table (screen-reader-only
// text, menus): otherwise such an element escapes it and the whole page scrolls sideways.
export function Table({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div className="relative overflow-x-auto">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">{children}</table>
    </div>
  );
}

export function Th({ children, className = '' }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={`bg-slate-50 px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 ${className}`}>
      {children}
    </th>
  );
}

/**
 * A cell; one line unless `className` says otherwise (`whitespace-normal`): both in one class
 * list would leave the winner to the stylesheet's order, where `nowrap` comes last.
 */
export function Td({ children, className = '' }: { children?: React.ReactNode; className?: string }) {
  const wrap = /(^|\s)whitespace-/.test(className) ? '' : 'whitespace-nowrap ';
  return <td className={`${wrap}px-4 py-3 text-slate-700 ${className}`}>{children}</td>;
}
