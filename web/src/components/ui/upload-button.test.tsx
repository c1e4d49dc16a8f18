import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-app';
import { UploadButton } from './upload-button';

describe('upload button', () => {
  it('asks for a presigned URL for its type and size, PUTs the file with its type once-only, and hands back the file URL', async () => {
    const uploaded: unknown[] = [];
    const app = renderWithProviders(<UploadButton folder="designs" label="Upload front" testId="front" onUploaded={(f) => uploaded.push(...f)} />, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetPresignedUrl: (vars) => {
          const input = vars?.input as { fileName: string };
          return ok({ getPresignedUrl: { presignedUrl: `https://bucket.test/put/${input.fileName}?sig=abc`, fileUrl: `https://cdn.test/designs/${input.fileName}` } });
        },
      },
    });
    const file = new File(['png-bytes'], 'front.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByTestId('front-input'), file);
    await waitFor(() => expect(uploaded).toEqual([{ fileUrl: 'https://cdn.test/designs/front.png', fileName: 'front.png' }]));
    expect(variablesOf(app.api.calls, 'GetPresignedUrl')).toEqual([{ input: { fileName: 'front.png', contentType: 'image/png', folder: 'designs', contentLength: 9 } }]);
    expect(app.api.uploads).toHaveLength(1);
    expect(app.api.uploads[0]!.url).toBe('https://bucket.test/put/front.png?sig=abc');
    expect(app.api.uploads[0]!.headers.get('content-type')).toBe('image/png');
    // A bucket's presigned URL is signed for this header: one URL stores one file once.
    expect(app.api.uploads[0]!.headers.get('if-none-match')).toBe('*');
    expect(app.api.uploads[0]!.headers.has('authorization')).toBe(false);
    expect(app.api.uploads[0]!.body).toBe(file);
  });

  it('shows the reason when the storage refuses the file', async () => {
    const uploaded: unknown[] = [];
    renderWithProviders(<UploadButton folder="products" onUploaded={(f) => uploaded.push(...f)} />, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetPresignedUrl: () => ok({ getPresignedUrl: { presignedUrl: 'https://bucket.test/put/x', fileUrl: 'https://cdn.test/x' } }),
        PUT: () => ({ status: 403 }),
      },
    });
    await userEvent.setup().upload(screen.getByTestId('upload-button-input'), new File(['x'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('The upload of x.png failed (HTTP 403)')).toBeInTheDocument();
    expect(uploaded).toEqual([]);
  });

  it('shows the server message when no URL is given', async () => {
    renderWithProviders(<UploadButton folder="products" onUploaded={() => {}} />, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: { GetPresignedUrl: () => gqlError('contentType must be an image', 'BAD_USER_INPUT', 'contentType') },
    });
    await userEvent.setup().upload(screen.getByTestId('upload-button-input'), new File(['x'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('contentType must be an image')).toBeInTheDocument();
  });
});
