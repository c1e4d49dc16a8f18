import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/ui/field';
import { formatMoney } from '@/lib/money';
import { previewFormula } from '@/lib/price-formula';

export const SAMPLE_PRICES = [9.99, 19.99, 29.99];

/** Prices the preview runs on: the template's own sale prices when it has some. */
export function samplePrices(prices: (number | null)[]): number[] {
  const own = [...new Set(prices.filter((p): p is number => p !== null && p > 0))].slice(0, 4);
  return own.length ? own : SAMPLE_PRICES;
}

/** The formula's first problem in the browser's reading (the server has the last word). */
export function formulaProblem(formula: string): string | null {
  if (!formula.trim()) return null;
  const r = previewFormula(formula, SAMPLE_PRICES[1]!);
  return r.ok ? null : r.error;
}

export interface PriceFormulaFieldProps {
  value: string;
  onChange: (v: string) => void;
  prices: (number | null)[];
  /** The server's objection (BAD_USER_INPUT on priceFormula), shown as is. */
  serverError: string | null | undefined;
  showErrors: boolean;
}

/** A price formula over `price`, with a live preview on sample prices. */
export function PriceFormulaField({ value, onChange, prices, serverError, showErrors }: PriceFormulaFieldProps) {
  const samples = samplePrices(prices);
  const local = formulaProblem(value);
  const error = serverError ?? (local && (showErrors || value.trim().length > 0) ? `Price formula ${local}` : null);
  return (
    <div className="stack">
      <Field
        id="template-formula"
        label="Price formula"
        error={error}
        hint={
          <>
            Arithmetic over <code>price</code> with <code>+ - * / % ^</code> and parentheses, e.g. <code>price * 1.3 + 2</code>. Leave empty to keep prices.
          </>
        }
      >
        <InputText id="template-formula" value={value} onChange={(e) => onChange(e.target.value)} placeholder="price * 1.3 + 2" className="formula-input" data-testid="price-formula" />
      </Field>
      {value.trim() ? (
        <table className="formula-preview" aria-label="Price formula preview" data-testid="formula-preview">
          <thead>
            <tr>
              <th>Price</th>
              <th>Becomes</th>
            </tr>
          </thead>
          <tbody>
            {samples.map((p) => {
              const r = previewFormula(value, p);
              return (
                <tr key={p}>
                  <td>{formatMoney(p)}</td>
                  <td className={r.ok ? '' : 'error-text'}>{r.ok ? formatMoney(r.value) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <p className="muted small">The preview runs in your browser; the server checks the formula again when you save.</p>
    </div>
  );
}
