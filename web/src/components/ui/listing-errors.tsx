import { Link } from 'react-router';
import { listingFixLink, type ListingFieldError } from '@/lib/listing-fix';

export interface ListingErrorsProps {
  productId: string;
  /** ShopProduct.errors: each refusal by its field, in a seller's words. */
  errors: readonly ListingFieldError[] | null | undefined;
  /** The marketplace's own words, shown when no mapped error came with them. */
  fallback?: readonly string[];
}

/** A listing's refusals, each with a "Fix" link to the field it is about when it names one. */
export function ListingErrors({ productId, errors, fallback = [] }: ListingErrorsProps) {
  const items: ListingFieldError[] = errors?.length ? [...errors] : fallback.map((message) => ({ field: null, message }));
  if (!items.length) return <span className="muted">—</span>;
  return (
    <ul className="error-list" data-testid="listing-errors">
      {items.map((e, i) => {
        const fix = listingFixLink(productId, e.field);
        return (
          <li key={`${e.field ?? ''}-${i}`}>
            {e.message}
            {fix ? (
              <>
                {' '}
                <Link to={fix} className="fix-link" aria-label={`Fix: ${e.message}`}>
                  Fix
                </Link>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
