import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Field } from '@/components/ui/field';
import type { DimensionUnit, DimensionsInput, WeightInput, WeightUnit } from '@/gql/graphql';

export interface PackageDraft {
  weight: number | null;
  weightUnit: WeightUnit;
  width: number | null;
  height: number | null;
  length: number | null;
  dimensionUnit: DimensionUnit;
}

export const emptyPackage: PackageDraft = { weight: null, weightUnit: 'POUND', width: null, height: null, length: null, dimensionUnit: 'INCH' };

export function packageFrom(weight: { value: number; unit: WeightUnit } | null | undefined, dims: { width: number; height: number; length: number; unit: DimensionUnit } | null | undefined): PackageDraft {
  return {
    weight: weight?.value ?? null,
    weightUnit: weight?.unit ?? 'POUND',
    width: dims?.width ?? null,
    height: dims?.height ?? null,
    length: dims?.length ?? null,
    dimensionUnit: dims?.unit ?? 'INCH',
  };
}

/** Weight and size are both optional, but a size needs all three measures. */
export function packageErrors(p: PackageDraft): { weight: string | null; dimensions: string | null } {
  const dims = [p.width, p.height, p.length];
  return {
    weight: p.weight !== null && p.weight <= 0 ? 'Must be more than 0' : null,
    dimensions: dims.some((d) => d !== null) && dims.some((d) => d === null || d <= 0) ? 'Give width, height and length, each more than 0' : null,
  };
}

export function packageInputs(p: PackageDraft): { packageWeight?: WeightInput; packageDimensions?: DimensionsInput } {
  const out: { packageWeight?: WeightInput; packageDimensions?: DimensionsInput } = {};
  if (p.weight !== null) out.packageWeight = { value: p.weight, unit: p.weightUnit };
  if (p.width !== null && p.height !== null && p.length !== null) out.packageDimensions = { width: p.width, height: p.height, length: p.length, unit: p.dimensionUnit };
  return out;
}

const WEIGHT_UNITS = [
  { label: 'lb', value: 'POUND' },
  { label: 'kg', value: 'KILOGRAM' },
];
const DIMENSION_UNITS = [
  { label: 'in', value: 'INCH' },
  { label: 'cm', value: 'CENTIMETER' },
];

/** Package weight and size, as the marketplaces need them for shipping. */
export function PackageFields({
  value,
  onChange,
  idPrefix,
  showErrors,
  required,
}: {
  value: PackageDraft;
  onChange: (p: PackageDraft) => void;
  idPrefix: string;
  showErrors: boolean;
  /** What the marketplace still asks for here (weight, dimensions), shown on the field itself. */
  required?: { weight?: string | null; dimensions?: string | null };
}) {
  const set = <K extends keyof PackageDraft>(k: K, v: PackageDraft[K]) => onChange({ ...value, [k]: v });
  const errors = packageErrors(value);
  const num = (k: 'weight' | 'width' | 'height' | 'length', label: string) => (
    <InputNumber inputId={`${idPrefix}-${k}`} value={value[k]} onValueChange={(e) => set(k, e.value ?? null)} min={0} maxFractionDigits={3} placeholder={label} aria-label={label} />
  );
  return (
    <div className="stack">
      <Field id={`${idPrefix}-weight`} label="Package weight" error={(showErrors ? errors.weight : null) ?? required?.weight}>
        <div className="p-inputgroup">
          {num('weight', 'Weight')}
          <Dropdown value={value.weightUnit} options={WEIGHT_UNITS} onChange={(e) => set('weightUnit', e.value as WeightUnit)} ariaLabel="Weight unit" className="unit-select" />
        </div>
      </Field>
      <Field id={`${idPrefix}-width`} label="Package size (width × height × length)" error={(showErrors ? errors.dimensions : null) ?? required?.dimensions}>
        <div className="p-inputgroup">
          {num('width', 'Width')}
          {num('height', 'Height')}
          {num('length', 'Length')}
          <Dropdown value={value.dimensionUnit} options={DIMENSION_UNITS} onChange={(e) => set('dimensionUnit', e.value as DimensionUnit)} ariaLabel="Size unit" className="unit-select" />
        </div>
      </Field>
    </div>
  );
}
