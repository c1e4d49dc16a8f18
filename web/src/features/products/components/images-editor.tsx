import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { Thumb } from '@/components/ui/thumb';
import { UploadButton } from '@/components/ui/upload-button';
import type { UploadFolder } from '@/lib/uploads';

/** Images in order; the first primary one is the product's main picture. */
export interface ImageDraft {
  imageUrl: string;
  isPrimary: boolean;
}

export function ImagesEditor({ images, onChange, folder = 'products' }: { images: ImageDraft[]; onChange: (images: ImageDraft[]) => void; folder?: UploadFolder }) {
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const remove = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    if (next.length && !next.some((i) => i.isPrimary)) next[0] = { ...next[0]!, isPrimary: true };
    onChange(next);
  };
  const setPrimary = (index: number) => onChange(images.map((img, i) => ({ ...img, isPrimary: i === index })));
  const add = (urls: string[]) => {
    const next = [...images, ...urls.map((imageUrl) => ({ imageUrl, isPrimary: false }))];
    if (!next.some((i) => i.isPrimary) && next.length) next[0] = { ...next[0]!, isPrimary: true };
    onChange(next);
  };

  return (
    <div className="stack" data-testid="images-editor">
      {images.length === 0 ? <p className="muted">No image yet.</p> : null}
      <ul className="image-list">
        {images.map((img, i) => (
          <li key={`${img.imageUrl}-${i}`} className="image-item">
            <Thumb src={img.imageUrl} size={72} alt={`Image ${i + 1}`} />
            <label className="radio-option small" htmlFor={`primary-${i}`}>
              <RadioButton inputId={`primary-${i}`} name="primary-image" checked={img.isPrimary} onChange={() => setPrimary(i)} />
              Main
            </label>
            <div className="row-actions">
              <Button type="button" icon="pi pi-arrow-left" rounded text severity="secondary" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)} />
              <Button type="button" icon="pi pi-arrow-right" rounded text severity="secondary" aria-label={`Move image ${i + 1} later`} disabled={i === images.length - 1} onClick={() => move(i, i + 1)} />
              <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove image ${i + 1}`} onClick={() => remove(i)} />
            </div>
          </li>
        ))}
      </ul>
      <div>
        <UploadButton folder={folder} multiple label="Upload images" testId="upload-images" onUploaded={(files) => add(files.map((f) => f.fileUrl))} />
      </div>
    </div>
  );
}
