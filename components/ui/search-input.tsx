import { inputClass } from '@/components/ui/text-field';

/** A list's search box, labelled for screen readers only (the placeholder says what it searches). */
export function SearchInput({ id, label, placeholder, value, onChange, className = 'max-w-md' }: {
  id: string; label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string;
}) {
  return (
    <div className={`relative flex-1 ${className}`}>
      <label htmlFor={id} className="sr-only">{label}</label>
      <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder} className={inputClass} autoComplete="off" />
    </div>
  );
}
