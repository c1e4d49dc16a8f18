import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  testId?: string;
}

/** The search field of a table's filter bar; screens debounce what it gives them. */
export function SearchBox({ value, onChange, placeholder = 'Search', label = 'Search', testId }: SearchBoxProps) {
  return (
    <IconField iconPosition="left" className="search-box">
      <InputIcon className="pi pi-search" />
      <InputText value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} data-testid={testId} type="search" />
    </IconField>
  );
}
