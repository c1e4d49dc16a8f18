import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { UploadButton } from '@/components/ui/upload-button';
import type { DesignSide, MockupBlankInput } from '@/gql/graphql';
import { areaPercent, areaProblems, defaultArea, dragArea, MAX_BLANKS, photoProblem, type Area, type AreaField, type Size } from '@/lib/mockups';

/** One blank photo as the form holds it; `photo` is null until the picture has loaded. */
export interface BlankDraft {
  side: DesignSide;
  imageUrl: string;
  photo: Size | null;
  area: Area | null;
}

export const sideLabels: Record<DesignSide, string> = { FRONT: 'Front', BACK: 'Back', SLEEVE: 'Sleeve', HOOD: 'Hood' };
const sideOptions = (Object.keys(sideLabels) as DesignSide[]).map((value) => ({ value, label: sideLabels[value] }));
const fields: { key: AreaField; label: string }[] = [
  { key: 'x', label: 'Left' },
  { key: 'y', label: 'Top' },
  { key: 'width', label: 'Width' },
  { key: 'height', label: 'Height' },
];

/** The blanks of a saved template, for the form. */
export function blankDrafts(blanks: { side: DesignSide; imageUrl: string; width: number; height: number; printArea: Area }[]): BlankDraft[] {
  return blanks.map((b) => ({
    side: b.side,
    imageUrl: b.imageUrl,
    photo: { width: b.width, height: b.height },
    area: { x: b.printArea.x, y: b.printArea.y, width: b.printArea.width, height: b.printArea.height },
  }));
}

/** Why the blanks cannot be saved yet, by index (a photo still loading, an area outside it). */
export function blankProblems(blanks: BlankDraft[]): (string | null)[] {
  return blanks.map((b) => {
    if (!b.photo || !b.area) return 'The photo is still loading.';
    const photo = photoProblem(b.photo);
    if (photo) return `This photo cannot be used: ${photo}.`;
    const area = areaProblems(b.area, b.photo);
    const first = fields.find((f) => area[f.key]);
    return first ? `Print area ${first.label.toLowerCase()} ${area[first.key]}.` : null;
  });
}

/** The blanks as the API takes them (the server reads each photo's size itself). */
export function blankInputs(blanks: BlankDraft[]): MockupBlankInput[] {
  return blanks.flatMap((b) => (b.area ? [{ side: b.side, imageUrl: b.imageUrl, printArea: b.area }] : []));
}

interface Props {
  value: BlankDraft[];
  onChange: (blanks: BlankDraft[]) => void;
  showErrors: boolean;
  /** The server's message for a field under `mockupBlanks`, e.g. `mockupBlanks.0.printArea.width`. */
  serverFor: (field: string) => string | null | undefined;
}

/**
 * Blank product photos of a template, one design side each, with the print area drawn over the
 * photo: typed in pixels, or dragged (the box moves, its corner handle resizes it).
 */
export function MockupBlanksSection({ value, onChange, showErrors, serverFor }: Props) {
  const problems = blankProblems(value);
  const setAt = (i: number, patch: Partial<BlankDraft>) => onChange(value.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const nextSide = (): DesignSide => sideOptions.find((o) => !value.some((b) => b.side === o.value))?.value ?? 'FRONT';

  return (
    <div className="stack" data-testid="mockup-blanks">
      <p className="muted channel-section-hint">
        Photos of the blank product (a plain tee's front, its back…). Each design is drawn inside the print area of the photo of its side, and those mockups become the listing's main images;
        the design itself stays the print file for fulfilment.
      </p>
      {value.length === 0 ? <p className="muted">No blank photo yet: products are listed with their own images.</p> : null}
      <ul className="mockup-blank-list">
        {value.map((blank, i) => (
          <li key={`${blank.imageUrl}-${i}`} className="mockup-blank" data-testid={`mockup-blank-${i}`}>
            <BlankPhoto
              blank={blank}
              index={i}
              onLoaded={(photo) => setAt(i, { photo, area: blank.area ?? defaultArea(photo) })}
              onArea={(area) => setAt(i, { area })}
            />
            <div className="stack mockup-blank-fields">
              <div className="field">
                <label htmlFor={`blank-${i}-side`}>Side</label>
                <Dropdown inputId={`blank-${i}-side`} value={blank.side} options={sideOptions} onChange={(e) => setAt(i, { side: e.value as DesignSide })} />
              </div>
              <div className="field-row mockup-area-fields">
                {fields.map((f) => (
                  <div className="field" key={f.key}>
                    <label htmlFor={`blank-${i}-${f.key}`}>{f.label} (px)</label>
                    <InputNumber
                      inputId={`blank-${i}-${f.key}`}
                      value={blank.area?.[f.key] ?? null}
                      disabled={!blank.area}
                      min={0}
                      useGrouping={false}
                      onValueChange={(e) => blank.area && setAt(i, { area: { ...blank.area, [f.key]: e.value ?? 0 } })}
                    />
                  </div>
                ))}
              </div>
              {blank.photo ? (
                <small className="field-hint">
                  Photo {blank.photo.width}×{blank.photo.height} px
                </small>
              ) : null}
              {(showErrors && problems[i]) || serverFor(`mockupBlanks.${i}`) ? (
                <small className="field-error" role="alert">
                  {serverFor(`mockupBlanks.${i}`) ?? problems[i]}
                </small>
              ) : null}
              <div>
                <Button type="button" icon="pi pi-trash" label="Remove photo" size="small" text severity="danger" onClick={() => onChange(value.filter((_, j) => j !== i))} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      {serverFor('mockupBlanks') && !value.some((_, i) => serverFor(`mockupBlanks.${i}`)) ? (
        <small className="field-error" role="alert">
          {serverFor('mockupBlanks')}
        </small>
      ) : null}
      {value.length < MAX_BLANKS ? (
        <div>
          <UploadButton
            folder="blanks"
            accept="image/png,image/jpeg,image/webp"
            multiple
            label="Upload blank photos"
            testId="mockup-blank-upload"
            onUploaded={(files) => onChange([...value, ...files.map((f, n) => ({ side: n === 0 ? nextSide() : 'FRONT', imageUrl: f.fileUrl, photo: null, area: null }) satisfies BlankDraft)].slice(0, MAX_BLANKS))}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The photo with its print area drawn over it; dragging the box moves it, the handle resizes it. */
function BlankPhoto({ blank, index, onLoaded, onArea }: { blank: BlankDraft; index: number; onLoaded: (photo: Size) => void; onArea: (area: Area) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; startX: number; startY: number; area: Area } | null>(null);

  const start = (mode: 'move' | 'resize', e: ReactPointerEvent<HTMLElement>) => {
    if (!blank.area) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { mode, startX: e.clientX, startY: e.clientY, area: blank.area };
  };
  const move = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    const box = frame.current?.getBoundingClientRect();
    if (!d || !blank.photo || !box || box.width === 0) return;
    // Screen pixels to photo pixels: the photo is shown scaled to the frame's width.
    const scale = blank.photo.width / box.width;
    onArea(dragArea(d.area, blank.photo, d.mode, (e.clientX - d.startX) * scale, (e.clientY - d.startY) * scale));
  };
  const end = () => {
    drag.current = null;
  };

  return (
    <div className="mockup-blank-photo" ref={frame}>
      <img
        src={blank.imageUrl}
        alt={`Blank photo ${index + 1} (${sideLabels[blank.side].toLowerCase()})`}
        onLoad={(e) => {
          if (!blank.photo) onLoaded({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight });
        }}
      />
      {blank.area && blank.photo ? (
        <div
          className="mockup-print-area"
          style={areaPercent(blank.area, blank.photo)}
          onPointerDown={(e) => start('move', e)}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          data-testid={`mockup-print-area-${index}`}
          aria-label={`Print area of blank photo ${index + 1}`}
          role="img"
        >
          <span className="mockup-print-area-label">Print area</span>
          <span className="mockup-print-area-handle" onPointerDown={(e) => start('resize', e)} onPointerMove={move} onPointerUp={end} onPointerCancel={end} aria-hidden="true" />
        </div>
      ) : null}
    </div>
  );
}
