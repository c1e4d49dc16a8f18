import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { ChangeAction, VariantInput } from '@/gql/graphql';

/** A variant as it stands in the editor; `original` is what the server has (absent for new ones). */
export interface VariantDraft {
  key: string;
  id?: string;
  sku: string;
  salePrice: number | null;
  listPrice: number | null;
  quantity: number | null;
  attributes: Record<string, string>;
  original?: Omit<VariantDraft, 'key' | 'original' | 'id'>;
}

export interface VariantsState {
  rows: VariantDraft[];
  /** Ids of server variants removed in the editor (sent as DELETE). */
  removed: string[];
  /** Attribute columns, in order. */
  attributeNames: string[];
}

let seq = 0;
export const newKey = () => `new-${++seq}`;

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a).filter((k) => a[k] !== '');
  const kb = Object.keys(b).filter((k) => b[k] !== '');
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
};

export function actionOf(row: VariantDraft): ChangeAction {
  if (!row.id || !row.original) return 'CREATE';
  const o = row.original;
  const changed = row.sku !== o.sku || row.salePrice !== o.salePrice || row.listPrice !== o.listPrice || row.quantity !== o.quantity || !sameAttributes(row.attributes, o.attributes);
  return changed ? 'UPDATE' : 'UNCHANGED';
}

/** What `updateProduct` receives: every variant with its action, or null when nothing changed. */
export function variantInputs(state: VariantsState): VariantInput[] | null {
  const rows = state.rows.map((row) => {
    const action = actionOf(row);
    if (action === 'UNCHANGED') return { id: row.id, action } as VariantInput;
    const input: VariantInput = {
      action,
      sku: row.sku.trim(),
      quantity: row.quantity ?? 0,
      salePrice: row.salePrice ?? 0,
      listPrice: row.listPrice ?? row.salePrice ?? 0,
      attributes: state.attributeNames.filter((n) => (row.attributes[n] ?? '').trim() !== '').map((name) => ({ name, value: row.attributes[name]!.trim() })),
    };
    if (row.id) input.id = row.id;
    return input;
  });
  const deletes: VariantInput[] = state.removed.map((id) => ({ id, action: 'DELETE' }));
  const all = [...rows, ...deletes];
  return all.some((v) => v.action !== 'UNCHANGED') ? all : null;
}

/** The first problem of the variants, to show before anything is sent. */
export function variantsError(state: VariantsState): string | null {
  const skus = new Set<string>();
  for (const [i, row] of state.rows.entries()) {
    const n = i + 1;
    if (!row.sku.trim()) return `Variant ${n} needs a SKU`;
    if (skus.has(row.sku.trim())) return `SKU ${row.sku.trim()} is used twice`;
    skus.add(row.sku.trim());
    if (row.salePrice === null || row.salePrice < 0) return `Variant ${n} needs a sale price of 0 or more`;
    if (row.listPrice !== null && row.listPrice < 0) return `Variant ${n}: the list price cannot be negative`;
    if (row.quantity === null || row.quantity < 0 || !Number.isInteger(row.quantity)) return `Variant ${n} needs a whole quantity of 0 or more`;
    for (const name of state.attributeNames) if (!(row.attributes[name] ?? '').trim()) return `Variant ${n} needs a value for ${name}`;
  }
  return null;
}

export interface VariantsEditorProps {
  state: VariantsState;
  onChange: (state: VariantsState) => void;
  error?: string | null;
}

/** Variants of one product: attributes as columns, SKU, prices and stock; add, change, remove. */
export function VariantsEditor({ state, onChange, error }: VariantsEditorProps) {
  const [newAttribute, setNewAttribute] = useState('');
  const setRow = (key: string, patch: Partial<VariantDraft>) => onChange({ ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const removeRow = (row: VariantDraft) =>
    onChange({ ...state, rows: state.rows.filter((r) => r.key !== row.key), removed: row.id ? [...state.removed, row.id] : state.removed });
  const addRow = () =>
    onChange({ ...state, rows: [...state.rows, { key: newKey(), sku: '', salePrice: null, listPrice: null, quantity: 0, attributes: Object.fromEntries(state.attributeNames.map((n) => [n, ''])) }] });
  const addAttribute = () => {
    const name = newAttribute.trim();
    if (!name || state.attributeNames.some((n) => n.toLowerCase() === name.toLowerCase())) return;
    onChange({ ...state, attributeNames: [...state.attributeNames, name] });
    setNewAttribute('');
  };
  const removeAttribute = (name: string) =>
    onChange({
      ...state,
      attributeNames: state.attributeNames.filter((n) => n !== name),
      rows: state.rows.map((r) => {
        const { [name]: _dropped, ...rest } = r.attributes;
        return { ...r, attributes: rest };
      }),
    });

  return (
    <div className="stack" data-testid="variants-editor">
      <div className="table-scroll">
        <table className="edit-table" aria-label="Variants">
          <thead>
            <tr>
              {state.attributeNames.map((name) => (
                <th key={name}>
                  <span className="edit-table-th">
                    {name}
                    <button type="button" className="icon-button icon-button-sm" aria-label={`Remove the ${name} attribute`} onClick={() => removeAttribute(name)}>
                      <i className="pi pi-times" aria-hidden="true" />
                    </button>
                  </span>
                </th>
              ))}
              <th>SKU</th>
              <th>Sale price</th>
              <th>List price</th>
              <th>Quantity</th>
              <th>
                <span className="sr-only">Change</span>
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((row, i) => {
              const action = actionOf(row);
              return (
                <tr key={row.key} data-action={action}>
                  {state.attributeNames.map((name) => (
                    <td key={name}>
                      <InputText
                        value={row.attributes[name] ?? ''}
                        onChange={(e) => setRow(row.key, { attributes: { ...row.attributes, [name]: e.target.value } })}
                        aria-label={`${name} of variant ${i + 1}`}
                        className="p-inputtext-sm"
                      />
                    </td>
                  ))}
                  <td>
                    <InputText value={row.sku} onChange={(e) => setRow(row.key, { sku: e.target.value })} aria-label={`SKU of variant ${i + 1}`} className="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={row.salePrice} onValueChange={(e) => setRow(row.key, { salePrice: e.value ?? null })} mode="currency" currency="USD" locale="en-US" min={0} aria-label={`Sale price of variant ${i + 1}`} inputClassName="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={row.listPrice} onValueChange={(e) => setRow(row.key, { listPrice: e.value ?? null })} mode="currency" currency="USD" locale="en-US" min={0} aria-label={`List price of variant ${i + 1}`} inputClassName="p-inputtext-sm" />
                  </td>
                  <td>
                    <InputNumber value={row.quantity} onValueChange={(e) => setRow(row.key, { quantity: e.value ?? null })} min={0} useGrouping={false} aria-label={`Quantity of variant ${i + 1}`} inputClassName="p-inputtext-sm" />
                  </td>
                  <td>{action === 'UNCHANGED' ? null : <span className={`change-badge change-${action.toLowerCase()}`}>{action === 'CREATE' ? 'New' : 'Changed'}</span>}</td>
                  <td>
                    <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove variant ${i + 1}`} onClick={() => removeRow(row)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {state.removed.length ? (
        <p className="muted small" data-testid="variants-removed">
          {state.removed.length} variant{state.removed.length === 1 ? '' : 's'} will be deleted when you save.
        </p>
      ) : null}
      {error ? (
        <small className="field-error" role="alert">
          {error}
        </small>
      ) : null}
      <div className="row-gap">
        <Button type="button" label="Add variant" icon="pi pi-plus" size="small" outlined onClick={addRow} />
        <span className="p-inputgroup attribute-adder">
          <InputText value={newAttribute} onChange={(e) => setNewAttribute(e.target.value)} placeholder="New attribute, e.g. Color" aria-label="New attribute name" className="p-inputtext-sm" />
          <Button type="button" label="Add attribute" size="small" outlined onClick={addAttribute} disabled={!newAttribute.trim()} />
        </span>
      </div>
    </div>
  );
}
