import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}

/** A labelled form control with its hint or error underneath. */
export function Field({ id, label, error, hint, children, aside }: FieldProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label-row">
        <label htmlFor={id}>{label}</label>
        {aside}
      </div>
      {children}
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
