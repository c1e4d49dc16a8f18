import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import type { GetTiktokCategoryAttributesQuery } from '@/gql/graphql';

export type CategoryAttribute = GetTiktokCategoryAttributesQuery['getTiktokCategoryAttributes'][number];

/** The value of one attribute: values the marketplace lists (ids) and the seller's own words. */
export interface AttributeValue {
  valueIds: string[];
  values: string[];
}
export type AttributeValues = Record<string, AttributeValue>;

const EMPTY: AttributeValue = { valueIds: [], values: [] };

/** Product attributes only: sales attributes (Color, Size) are the variants' options. */
export const productAttributes = (attrs: CategoryAttribute[]) => attrs.filter((a) => a.type !== 'SALES_PROPERTY');

/** Required by the marketplace, always or because another attribute holds a given value. */
export function isRequired(attr: CategoryAttribute, values: AttributeValues): boolean {
  if (attr.is_requried) return true;
  return attr.requirement_conditions.some((c) => c.condition_type === 'VALUE_ID_MATCH' && !!c.attribute_value_id && (values[c.attribute_id]?.valueIds ?? []).includes(c.attribute_value_id));
}

const filled = (v: AttributeValue | undefined) => !!v && (v.valueIds.length > 0 || v.values.some((x) => x.trim()));

/** Names of the required attributes left empty. */
export function missingAttributes(attrs: CategoryAttribute[], values: AttributeValues): string[] {
  return productAttributes(attrs)
    .filter((a) => isRequired(a, values) && !filled(values[a.id]))
    .map((a) => a.name);
}

/** `tiktokProductAttribute` JSON: `[{attributeId, valueIds?, values?}]`, empty attributes left out. */
export function serializeAttributes(attrs: CategoryAttribute[], values: AttributeValues): Record<string, unknown>[] {
  return productAttributes(attrs)
    .map((a) => ({ a, v: values[a.id] }))
    .filter(({ v }) => filled(v))
    .map(({ a, v }) => {
      const out: Record<string, unknown> = { attributeId: a.id };
      if (v!.valueIds.length) out.valueIds = v!.valueIds;
      const own = v!.values.map((x) => x.trim()).filter(Boolean);
      if (own.length) out.values = own;
      return out;
    });
}

export function parseAttributes(json: unknown): AttributeValues {
  const out: AttributeValues = {};
  if (!Array.isArray(json)) return out;
  for (const item of json) {
    if (!item || typeof item !== 'object') continue;
    const v = item as { attributeId?: unknown; valueIds?: unknown; values?: unknown };
    if (typeof v.attributeId !== 'string') continue;
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
    out[v.attributeId] = { valueIds: strings(v.valueIds), values: strings(v.values) };
  }
  return out;
}

function AttributeInput({ attr, value, onChange }: { attr: CategoryAttribute; value: AttributeValue; onChange: (v: AttributeValue) => void }) {
  const id = `attr-${attr.id}`;
  const options = attr.values.map((v) => ({ label: v.name, value: v.id }));
  const numeric = attr.value_data_format === 'POSITIVE_INT_OR_DECIMAL';
  if (attr.values.length === 0) {
    return attr.is_multiple_selection ? (
      <Chips inputId={id} value={value.values} onChange={(e) => onChange({ valueIds: [], values: e.value ?? [] })} separator="," placeholder="Type, then Enter" className="w-full" />
    ) : (
      <InputText id={id} value={value.values[0] ?? ''} onChange={(e) => onChange({ valueIds: [], values: e.target.value ? [e.target.value] : [] })} keyfilter={numeric ? 'num' : undefined} />
    );
  }
  if (attr.is_multiple_selection) {
    return (
      <div className="stack-sm">
        <MultiSelect inputId={id} value={value.valueIds} options={options} onChange={(e) => onChange({ ...value, valueIds: e.value as string[] })} display="chip" filter placeholder="Choose" className="w-full" />
        {attr.is_customizable ? (
          <Chips value={value.values} onChange={(e) => onChange({ ...value, values: e.value ?? [] })} separator="," placeholder="Other values, then Enter" aria-label={`Other values of ${attr.name}`} className="w-full" />
        ) : null}
      </div>
    );
  }
  if (attr.is_customizable) {
    // One value: one of the marketplace's, or the seller's own words.
    const current = value.valueIds[0] ?? value.values[0] ?? null;
    return (
      <Dropdown
        inputId={id}
        value={current}
        options={options}
        editable
        showClear
        placeholder="Choose or type"
        onChange={(e) => {
          const v = (e.value as string | null) ?? '';
          if (!v) onChange(EMPTY);
          else if (attr.values.some((x) => x.id === v)) onChange({ valueIds: [v], values: [] });
          else onChange({ valueIds: [], values: [v] });
        }}
      />
    );
  }
  return <Dropdown inputId={id} value={value.valueIds[0] ?? null} options={options} showClear filter={options.length > 10} placeholder="Choose" onChange={(e) => onChange({ valueIds: e.value ? [e.value as string] : [], values: [] })} />;
}

export interface AttributesFormProps {
  attributes: CategoryAttribute[];
  values: AttributeValues;
  onChange: (values: AttributeValues) => void;
  showErrors: boolean;
}

/** The category's product attributes; required ones are marked and must be filled. */
export function AttributesForm({ attributes, values, onChange, showErrors }: AttributesFormProps) {
  const shown = productAttributes(attributes);
  if (shown.length === 0) return <p className="muted">This category asks for no product attributes.</p>;
  return (
    <div className="attributes-grid" data-testid="attributes-form">
      {shown.map((attr) => {
        const required = isRequired(attr, values);
        const value = values[attr.id] ?? EMPTY;
        const error = showErrors && required && !filled(value) ? `${attr.name} is required by TikTok Shop` : null;
        return (
          <div key={attr.id} className={`field${error ? ' field-invalid' : ''}`} data-testid={`attribute-${attr.id}`}>
            <div className="field-label-row">
              <label htmlFor={`attr-${attr.id}`}>
                {attr.name}
                {required ? (
                  <span className="required-mark" aria-label="required">
                    {' '}
                    *
                  </span>
                ) : null}
              </label>
            </div>
            <AttributeInput attr={attr} value={value} onChange={(v) => onChange({ ...values, [attr.id]: v })} />
            {error ? (
              <small className="field-error" role="alert">
                {error}
              </small>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
