import { httpUrl } from '@/lib/external-url';

/** A tracking number, linked to the carrier's page when the provider gave one. */
export function TrackingLink({ number, url, carrier }: { number: string | null; url: string | null; carrier: string | null }) {
  if (!number) return <span className="muted">—</span>;
  const href = httpUrl(url);
  return (
    <div className="cell-title">
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" className="cell-title-main" onClick={(e) => e.stopPropagation()} data-testid="tracking-link">
          {number} <i className="pi pi-external-link small" aria-hidden="true" />
        </a>
      ) : (
        <span className="cell-title-main">{number}</span>
      )}
      {carrier ? <span className="muted small">{carrier}</span> : null}
    </div>
  );
}
