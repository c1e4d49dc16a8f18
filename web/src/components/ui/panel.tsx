import type { ReactNode } from 'react';

export interface PanelProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  flush?: boolean;
}

/** A white card section; `flush` drops the padding for tables that reach the edges. */
export function Panel({ title, actions, children, className, flush }: PanelProps) {
  return (
    <section className={['panel', flush ? 'panel-flush' : '', className ?? ''].join(' ').trim()}>
      {title || actions ? (
        <div className="panel-header">
          {title ? <h2 className="panel-title">{title}</h2> : <span />}
          {actions ? <div className="panel-actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="panel-body">{children}</div>
    </section>
  );
}

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: string;
  tone?: 'indigo' | 'green' | 'orange' | 'red' | 'blue' | 'slate';
  hint?: ReactNode;
}

export function StatCard({ label, value, icon, tone = 'indigo', hint }: StatCardProps) {
  return (
    <div className={`stat-card tone-${tone}`}>
      <div className="stat-card-icon">
        <i className={icon} aria-hidden="true" />
      </div>
      <div className="stat-card-body">
        <div className="stat-card-label">{label}</div>
        <div className="stat-card-value">{value}</div>
        {hint ? <div className="stat-card-hint">{hint}</div> : null}
      </div>
    </div>
  );
}
