import { ProgressSpinner } from 'primereact/progressspinner';

/** Fills the content area while a screen's code or first data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
