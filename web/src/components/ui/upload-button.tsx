import { Button } from 'primereact/button';
import { useId, useRef } from 'react';
import { useUploadFiles, type UploadedFile, type UploadFolder } from '@/lib/uploads';

export interface UploadButtonProps {
  folder: UploadFolder;
  onUploaded: (files: UploadedFile[]) => void;
  label?: string;
  /** The `accept` of the file input; images by default. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Names the button and its input for tests and the browser walk. */
  testId?: string;
  size?: 'small' | 'large';
}

/**
 * Picks files and uploads them (presigned URL, then a PUT of the body); `onUploaded` receives the
 * URLs the files are served from. The file input stays in the page (hidden) so browser tests
 * can set files on it.
 */
export function UploadButton({ folder, onUploaded, label = 'Upload', accept = 'image/*', multiple = false, disabled, testId = 'upload-button', size }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useUploadFiles(folder);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    upload.mutate(files, { onSuccess: onUploaded });
  };

  return (
    <span className="upload-button">
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        onChange={onChange}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        disabled={disabled || upload.isPending}
      />
      <Button
        type="button"
        label={upload.isPending ? 'Uploading…' : label}
        icon="pi pi-upload"
        outlined
        severity="secondary"
        size={size}
        loading={upload.isPending}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid={testId}
      />
    </span>
  );
}
