import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';

/**
 * A JSON object of attribute names to values (Amazon's attributes, Walmart's item spec), edited
 * as name/value rows when every value is text, or as JSON when a value is a list or an object
 * (Amazon takes several values for some attributes).
 */
export interface ObjectDraft {
  mode: 'rows' | 'json';
  rows: { key: string; value: string }[];
  json: string;
}

const blankRow = { key: '', value: '' };
export const emptyObjectDraft: ObjectDraft = { mode: 'rows', rows: [blankRow], json: '' };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const allText = (o: Record<string, unknown>): o is Record<string, string> => Object.values(o).every((v) => typeof v === 'string');

/** The draft of a stored value: rows when every value is text, else its JSON. */
export function objectDraftFrom(value: unknown): ObjectDraft {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return emptyObjectDraft;
  if (allText(value)) return { mode: 'rows', rows: [...Object.entries(value).map(([key, v]) => ({ key, value: v })), blankRow], json: '' };
  return { mode: 'json', rows: [blankRow], json: JSON.stringify(value, null, 2) };
}

export interface ParsedObject {
  /** What to send: null when nothing is filled in. */
  value: Record<string, unknown> | null;
  error: string | null;
}

/** What the draft means, or why it cannot be sent. */
export function parseObjectDraft(draft: ObjectDraft): ParsedObject {
  if (draft.mode === 'json') {
    const text = draft.json.trim();
    if (!text) return { value: null, error: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return { value: null, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (!isPlainObject(parsed)) return { value: null, error: 'Must be a JSON object of attribute names to values, like {"color": "Black"}' };
    return { value: Object.keys(parsed).length ? parsed : null, error: null };
  }
  const out: Record<string, string> = {};
  for (const row of draft.rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    if (!key && !value) continue;
    if (!key) return { value: null, error: `The value “${value}” needs a name` };
    if (!value) return { value: null, error: `${key} needs a value` };
    if (key in out) return { value: null, error: `${key} is named twice` };
    out[key] = value;
  }
  return { value: Object.keys(out).length ? out : null, error: null };
}

const MODES = [
  { label: 'Rows', value: 'rows' },
  { label: 'JSON', value: 'json' },
];

export interface ObjectEditorProps {
  id: string;
  /** What the rows call a name ("Attribute", "Field"). */
  noun: string;
  value: ObjectDraft;
  onChange: (draft: ObjectDraft) => void;
  error?: string | null;
  placeholder?: { key: string; value: string };
}

export function ObjectEditor({ id, noun, value, onChange, error, placeholder }: ObjectEditorProps) {
  const parsed = parseObjectDraft(value);
  // Rows hold text only: JSON with lists or objects stays JSON.
  const jsonObject = value.mode === 'json' ? parsed.value : null;
  const canUseRows = value.mode === 'rows' || (!parsed.error && (jsonObject === null || allText(jsonObject)));

  const switchTo = (mode: 'rows' | 'json') => {
    if (mode === value.mode) return;
    if (mode === 'json') {
      onChange({ ...value, mode, json: parsed.value && !parsed.error ? JSON.stringify(parsed.value, null, 2) : value.json });
    } else if (canUseRows) {
      onChange({ ...objectDraftFrom(jsonObject), mode: 'rows' });
    }
  };
  const setRow = (i: number, patch: Partial<{ key: string; value: string }>) => {
    const rows = value.rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
    // A blank row at the end is always there to type into.
    const last = rows.at(-1);
    onChange({ ...value, rows: last && (last.key || last.value) ? [...rows, blankRow] : rows });
  };
  const removeRow = (i: number) => {
    const rows = value.rows.filter((_, j) => j !== i);
    onChange({ ...value, rows: rows.length ? rows : [blankRow] });
  };

  return (
    <div className="stack-sm" data-testid={`${id}-editor`}>
      <div className="object-editor-bar">
        <SelectButton
          value={value.mode}
          options={MODES.map((m) => ({ ...m, disabled: m.value === 'rows' && !canUseRows }))}
          onChange={(e) => e.value && switchTo(e.value as 'rows' | 'json')}
          allowEmpty={false}
          aria-label={`Edit ${noun.toLowerCase()}s as`}
          tooltip={canUseRows ? undefined : 'Lists and nested values can be edited as JSON only'}
        />
      </div>
      {value.mode === 'rows' ? (
        <table className="object-rows" aria-label={`${noun}s`}>
          <thead>
            <tr>
              <th scope="col">{noun}</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {value.rows.map((row, i) => (
              <tr key={i}>
                <td>
                  <InputText value={row.key} onChange={(e) => setRow(i, { key: e.target.value })} aria-label={`${noun} ${i + 1} name`} placeholder={i === 0 ? placeholder?.key : undefined} className="w-full" />
                </td>
                <td>
                  <InputText value={row.value} onChange={(e) => setRow(i, { value: e.target.value })} aria-label={`${noun} ${i + 1} value`} placeholder={i === 0 ? placeholder?.value : undefined} className="w-full" />
                </td>
                <td>
                  {row.key || row.value ? (
                    <Button type="button" icon="pi pi-times" rounded text severity="secondary" aria-label={`Remove ${noun.toLowerCase()} ${row.key || i + 1}`} onClick={() => removeRow(i)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <InputTextarea
          id={id}
          value={value.json}
          onChange={(e) => onChange({ ...value, json: e.target.value })}
          rows={6}
          autoResize
          spellCheck={false}
          className="w-full code-input"
          aria-label={`${noun}s as JSON`}
          placeholder={placeholder ? JSON.stringify({ [placeholder.key]: placeholder.value }) : undefined}
          invalid={!!error}
        />
      )}
      {error ? (
        <small className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
