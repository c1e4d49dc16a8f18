import type { ReactNode } from 'react';

export interface FilterTab<T extends string> {
  value: T;
  label: string;
  /** A count beside the label (a skeleton while it loads, nothing when undefined). */
  count?: ReactNode;
}

export interface FilterTabsProps<T extends string> {
  tabs: FilterTab<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  testId?: string;
}

/** A row of tabs that filters the table under it (one value at a time). */
export function FilterTabs<T extends string>({ tabs, value, onChange, label, testId }: FilterTabsProps<T>) {
  return (
    <div className="filter-tabs" role="tablist" aria-label={label} data-testid={testId}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={`filter-tab${tab.value === value ? ' filter-tab-active' : ''}`}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
          {tab.count !== undefined ? (
            <>
              {' '}
              <span className="filter-tab-count">{tab.count}</span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}
