import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { formatDayRange, rangePresetLabels, resolveRange, type DateRange, type Day, type RangePreset } from '@/lib/date-range';

/** The calendar shows days in the browser's own terms; a picked cell is that day, whatever the zone. */
const dayOfPicked = (d: Date): Day =>
  `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const pickedOfDay = (day: Day): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

export interface DateRangePickerProps {
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** The user's zone: "today" and the presets are read in it. */
  timeZone: string;
  presets?: RangePreset[];
  label?: string;
  testId?: string;
}

const DEFAULT_PRESETS: RangePreset[] = ['all', 'today', 'yesterday', 'last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'custom'];

/**
 * A preset (today, last 7 days, …) or a custom pair of days, both meant as days in the user's
 * timezone. The days a preset covers are shown beside it, so "today" is never a surprise.
 */
export function DateRangePicker({ value, onChange, timeZone, presets = DEFAULT_PRESETS, label = 'Date range', testId }: DateRangePickerProps) {
  const options = presets.map((p) => ({ value: p, label: rangePresetLabels[p] }));
  const { from, to } = resolveRange(value, timeZone);
  const picked = value.preset === 'custom' ? [value.from ? pickedOfDay(value.from) : null, value.to ? pickedOfDay(value.to) : null] : null;
  return (
    <span className="date-range-picker" data-testid={testId}>
      <Dropdown
        value={value.preset}
        options={options}
        onChange={(e) => {
          const preset = e.value as RangePreset;
          // Custom starts from the days the previous choice covered.
          onChange(preset === 'custom' ? { preset, ...(from ? { from } : {}), ...(to ? { to } : {}) } : { preset });
        }}
        ariaLabel={label}
        className="filter-range"
        valueTemplate={(option: { label: string } | null) =>
          option ? (
            <span title={`${formatDayRange(from, to)} (${timeZone})`}>
              {option.label}
              {value.preset !== 'all' && value.preset !== 'custom' ? <span className="muted small"> · {formatDayRange(from, to)}</span> : null}
            </span>
          ) : (
            label
          )
        }
      />
      {value.preset === 'custom' ? (
        <Calendar
          value={picked}
          selectionMode="range"
          readOnlyInput
          showIcon
          hideOnRangeSelection
          dateFormat="M dd, yy"
          placeholder="Pick the days"
          ariaLabel="Custom days"
          inputClassName="filter-range-days"
          onChange={(e) => {
            const [a, b] = (e.value ?? []) as (Date | null)[];
            onChange({ preset: 'custom', ...(a ? { from: dayOfPicked(a) } : {}), ...(b ? { to: dayOfPicked(b) } : {}) });
          }}
        />
      ) : null}
    </span>
  );
}
