import { Thumb } from '@/components/ui/thumb';
import { httpUrl } from '@/lib/external-url';

export interface PrintFileSet {
  designFrontUrl?: string | null;
  designBackUrl?: string | null;
}

const SIDES = [
  ['designFrontUrl', 'Front'],
  ['designBackUrl', 'Back'],
] as const;

/** An item's print files as pictures that open the full file. */
export function PrintFiles({ files, size = 40 }: { files: PrintFileSet; size?: number }) {
  const shown = SIDES.map(([key, label]) => [httpUrl(files[key]), label] as const).filter(([url]) => url);
  if (shown.length === 0) return <span className="muted">No print file</span>;
  return (
    <div className="image-strip" data-testid="print-files">
      {shown.map(([url, label]) => (
        <a key={label} href={url!} target="_blank" rel="noreferrer noopener" title={`${label} print file`} className="print-file">
          <Thumb src={url} size={size} alt={`${label} print file`} />
          <span className="small muted">{label}</span>
        </a>
      ))}
    </div>
  );
}
