import { Button } from 'primereact/button';
import { Chips } from 'primereact/chips';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

/** One dimension of the variants, e.g. Color with Black and White. */
export interface VariantOption {
  name: string;
  values: string[];
}

export interface MatrixRow {
  attributes: Record<string, string>;
  sku: string;
  salePrice: number | null;
  listPrice: number | null;
  quantity: number | null;
}

export interface Matrix {
  options: VariantOption[];
  rows: MatrixRow[];
}

/** More rows than this is almost certainly a mistake (and more than a marketplace accepts). */
export const MAX_ROWS = 300;

const usable = (options: VariantOption[]) => options.filter((o) => o.name.trim() && o.values.length > 0);

/** Every combination of the options' values, in the options' order ([{}] when there is none). */
export function combinations(options: VariantOption[]): Record<string, string>[] {
  return usable(options).reduce<Record<string, string>[]>(
    (acc, o) => acc.flatMap((attrs) => o.values.map((v) => ({ ...attrs, [o.name.trim()]: v }))),
    [{}],
  );
}

const keyOf = (attrs: Record<string, string>) =>
  Object.keys(attrs)
    .sort()
    .map((k) => `${k}=${attrs[k]}`)
    .join('|');

const emptyRow = (attributes: Record<string, string>): MatrixRow => ({ attributes, sku: '', salePrice: null, listPrice: null, quantity: null });

/** The rows for new options: existing combinations keep what was typed in them. */
export function regenerate(options: VariantOption[], rows: MatrixRow[]): MatrixRow[] {
  const byKey = new Map(rows.map((r) => [keyOf(r.attributes), r]));
  const combos = combinations(options);
  if (combos.length > MAX_ROWS) return rows;
  return combos.map((attributes) => ({ ...(byKey.get(keyOf(attributes)) ?? emptyRow(attributes)), attributes }));
}

/** `variants` JSON of a template → options (names and values in order of appearance) and rows. */
export function parseVariants(json: unknown): Matrix {
  const list = Array.isArray(json) ? json : [];
  const options: VariantOption[] = [];
  const rows: MatrixRow[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const v = item as Record<string, unknown>;
    const attributes: Record<string, string> = {};
    const raw = v.attributes && typeof v.attributes === 'object' ? (v.attributes as Record<string, unknown>) : {};
    for (const [name, value] of Object.entries(raw)) {
      if (typeof value !== 'string') continue;
      attributes[name] = value;
      let option = options.find((o) => o.name === name);
      if (!option) {
        option = { name, values: [] };
        options.push(option);
      }
      if (!option.values.includes(value)) option.values.push(value);
    }
    const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
    rows.push({ attributes, sku: typeof v.sku === 'string' ? v.sku : '', salePrice: num(v.salePrice), listPrice: num(v.listPrice), quantity: num(v.quantity) });
  }
  return { options, rows: rows.length ? rows : [emptyRow({})] };
}

/** Rows → `variants` JSON as the contract stores it; empty fields are left out. */
export function serializeVariants(rows: MatrixRow[]): Record<string, unknown>[] {
  return rows.map((r) => {
    const out: Record<string, unknown> = { attributes: r.attributes };
    if (r.sku.trim()) out.sku = r.sku.trim();
    if (r.salePrice !== null) out.salePrice = r.salePrice;
    if (r.listPrice !== null) out.listPrice = r.listPrice;
    if (r.quantity !== null) out.quantity = r.quantity;
    return out;
  });
}

export function matrixError(m: Matrix): string | null {
  const names = new Set<string>();
  for (const o of m.options) {
    const name = o.name.trim();
    if (!name) return 'Every option needs a name';
    if (names.has(name.toLowerCase())) return `The option ${name} is there twice`;
    names.add(name.toLowerCase());
    if (o.values.length === 0) return `Give ${name} at least one value`;
  }
  const count = combinations(m.options).length;
  if (count > MAX_ROWS) return `${count} combinations is too many (at most ${MAX_ROWS})`;
  const skus = new Set<string>();
  for (const [i, r] of m.rows.entries()) {
    const sku = r.sku.trim();
    if (sku) {
      if (skus.has(sku)) return `SKU ${sku} is used twice`;
      skus.add(sku);
    }
    if (r.salePrice !== null && r.salePrice < 0) return `Row ${i + 1}: the sale price cannot be negative`;
    if (r.listPrice !== null && r.listPrice < 0) return `Row ${i + 1}: the list price cannot be negative`;
    if (r.quantity !== null && (r.quantity < 0 || !Number.isInteger(r.quantity))) return `Row ${i + 1}: the quantity must be a whole number, 0 or more`;
  }
  return null;
}

const skuPart = (s: string) => s.trim().toUpperCase().replace(/[^A-Z0-9]+/g, '');

export interface VariantsMatrixProps {
  value: Matrix;
  onChange: (m: Matrix) => void;
  /** Sales attributes of the chosen category (e.g. Color, Size), offered as options. */
  suggestions: { name: string; values: string[] }[];
  error?: string | null;
}

/** Options (colours × sizes …) → one row per combination with SKU, prices and stock. */
export function VariantsMatrix({ value, onChange, suggestions, error }: VariantsMatrixProps) {
  const [prefix, setPrefix] = useState('');
  const [fill, setFill] = useState<{ salePrice: number | null; listPrice: number | null; quantity: number | null }>({ salePrice: null, listPrice: null, quantity: null });

  const setOptions = (options: VariantOption[]) => onChange({ options, rows: regenerate(options, value.rows) });
  const setOption = (i: number, patch: Partial<VariantOption>) => setOptions(value.options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const setRow = (i: number, patch: Partial<MatrixRow>) => onChange({ ...value, rows: value.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const unused = suggestions.filter((s) => !value.options.some((o) => o.name.trim().toLowerCase() === s.name.toLowerCase()));

  const generateSkus = () =>
    onChange({
      ...value,
      rows: value.rows.map((r) => ({ ...r, sku: [skuPart(prefix), ...value.options.map((o) => skuPart(r.attributes[o.name.trim()] ?? ''))].filter(Boolean).join('-') })),
    });
  const applyToAll = () =>
    onChange({
      ...value,
      rows: value.rows.map((r) => ({
        ...r,
        ...(fill.salePrice !== null ? { salePrice: fill.salePrice } : {}),
        ...(fill.listPrice !== null ? { listPrice: fill.listPrice } : {}),
        ...(fill.quantity !== null ? { quantity: fill.quantity } : {}),
      })),
    });

  return (
    <div className="stack" data-testid="variants-matrix">
      <div className="stack">
        {value.options.map((o, i) => (
          <div key={i} className="option-row" data-testid="variant-option">
            <InputText value={o.name} onChange={(e) => setOption(i, { name: e.target.value })} placeholder="Option, e.g. Color" aria-label={`Option ${i + 1} name`} className="option-name" />
            <Chips
              value={o.values}
              onChange={(e) => setOption(i, { values: Array.from(new Set((e.value ?? []).map((v) => v.trim()).filter(Boolean))) })}
              separator=","
              allowDuplicate={false}
              placeholder="Values, then Enter"
              aria-label={`Option ${i + 1} values`}
              className="option-values"
            />
            <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove option ${i + 1}`} onClick={() => setOptions(value.options.filter((_, j) => j !== i))} />
          </div>
        ))}
        <div className="row-gap">
          <Button type="button" label="Add option" icon="pi pi-plus" size="small" outlined onClick={() => setOptions([...value.options, { name: '', values: [] }])} />
          {unused.map((s) => (
            <Button
              key={s.name}
              type="button"
              label={`Add ${s.name}`}
              size="small"
              text
              onClick={() => setOptions([...value.options, { name: s.name, values: [] }])}
              tooltip={s.values.length ? `TikTok knows: ${s.values.slice(0, 12).join(', ')}${s.values.length > 12 ? '…' : ''}` : undefined}
            />
          ))}
        </div>
      </div>

      <div className="matrix-tools">
        <span className="p-inputgroup matrix-tool">
          <InputText value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder="SKU prefix, e.g. TEE" aria-label="SKU prefix" className="p-inputtext-sm" />
          <Button type="button" label="Generate SKUs" size="small" outlined onClick={generateSkus} />
        </span>
        <span className="p-inputgroup matrix-tool">
          <InputNumber value={fill.salePrice} onValueChange={(e) => setFill((f) => ({ ...f, salePrice: e.value ?? null }))} mode="currency" currency="USD" locale="en-US" min={0} placeholder="Sale price" aria-label="Sale price for all rows" inputClassName="p-inputtext-sm" />
          <InputNumber value={fill.listPrice} onValueChange={(e) => setFill((f) => ({ ...f, listPrice: e.value ?? null }))} mode="currency" currency="USD" locale="en-US" min={0} placeholder="List price" aria-label="List price for all rows" inputClassName="p-inputtext-sm" />
          <InputNumber value={fill.quantity} onValueChange={(e) => setFill((f) => ({ ...f, quantity: e.value ?? null }))} min={0} useGrouping={false} placeholder="Quantity" aria-label="Quantity for all rows" inputClassName="p-inputtext-sm" />
          <Button type="button" label="Apply to all rows" size="small" outlined onClick={applyToAll} />
        </span>
      </div>

      <div className="table-scroll">
        <table className="edit-table" aria-label="Variant rows" data-testid="variant-rows">
          <thead>
            <tr>
              <th>Variant</th>
              <th>SKU</th>
              <th>Sale price</th>
              <th>List price</th>
              <th>Quantity</th>
            </tr>
          </thead>
          <tbody>
            {value.rows.map((r, i) => {
              const label = Object.values(r.attributes).join(' / ') || 'Default';
              return (
                <tr key={keyOf(r.attributes) || 'default'}>
                  <td className="matrix-label">{label}</td>
                  <td>
                    <InputText value={r.sku} onChange={(e) => setRow(i, { sku: e.target.value })} aria-label={`SKU of ${label}`} className="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={r.salePrice} onValueChange={(e) => setRow(i, { salePrice: e.value ?? null })} mode="currency" currency="USD" locale="en-US" min={0} aria-label={`Sale price of ${label}`} inputClassName="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={r.listPrice} onValueChange={(e) => setRow(i, { listPrice: e.value ?? null })} mode="currency" currency="USD" locale="en-US" min={0} aria-label={`List price of ${label}`} inputClassName="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={r.quantity} onValueChange={(e) => setRow(i, { quantity: e.value ?? null })} min={0} useGrouping={false} aria-label={`Quantity of ${label}`} inputClassName="p-inputtext-sm" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">{value.rows.length} variant{value.rows.length === 1 ? '' : 's'}</p>
      {error ? (
        <small className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
