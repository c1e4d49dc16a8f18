import { queryOptions, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { graphql } from '@/gql';
import type { DesignSide, MockupDesignInput } from '@/gql/graphql';
import { errorMessage, type ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const PreviewMockupsDocument = graphql(`
  query PreviewMockups($templateId: ID!, $design: MockupDesignInput!) {
    previewMockups(templateId: $templateId, design: $design) {
      blankId
      side
      imageUrl
    }
  }
`);

const sideLabels: Record<DesignSide, string> = { FRONT: 'Front', BACK: 'Back', SLEEVE: 'Sleeve', HOOD: 'Hood' };

/** The previews of a design on a template's blank photos; under the templates' root, so saving a template refreshes them. */
export const mockupPreviewKeys = {
  of: (templateId: string, design: MockupDesignInput) => [...rootKeys.templates, 'mockup-preview', templateId, design] as const,
};

export const previewMockupsQueryOptions = (client: ApiClient, templateId: string, design: MockupDesignInput) =>
  queryOptions({
    queryKey: mockupPreviewKeys.of(templateId, design),
    queryFn: () => client.request(PreviewMockupsDocument, { templateId, design }).then((r) => r.previewMockups),
    // A preview never changes for the same inputs.
    staleTime: Infinity,
  });

type Props =
  /** A design before it is a product: rendered by the server on the template's blanks. */
  | { templateId: string; design: MockupDesignInput; images?: never; size?: number }
  /** A product's rendered mockups. */
  | { images: string[]; templateId?: never; design?: never; size?: number };

/**
 * How a design will look on the marketplace: its mockups (the design drawn on the template's
 * blank photos), which become the listing's main images. Shows nothing when the template has no
 * blank photo for the design's sides.
 */
export function MockupPreview(props: Props) {
  const size = props.size ?? 96;
  if (props.images) return <Previews items={props.images.map((url, i) => ({ key: url, url, label: `Mockup ${i + 1}` }))} size={size} />;
  return <DesignPreview templateId={props.templateId} design={props.design} size={size} />;
}

function DesignPreview({ templateId, design, size }: { templateId: string; design: MockupDesignInput; size: number }) {
  const client = useApiClient();
  const hasDesign = Object.values(design).some(Boolean);
  const previews = useQuery({ ...previewMockupsQueryOptions(client, templateId, design), enabled: hasDesign });
  if (!hasDesign) return null;
  if (previews.isPending) {
    return (
      <div className="mockup-previews" aria-busy="true" aria-label="Rendering the mockup preview">
        <Skeleton width={`${size}px`} height={`${size}px`} />
      </div>
    );
  }
  if (previews.isError) {
    return (
      <small className="field-error" role="alert">
        The mockup preview could not be made: {errorMessage(previews.error)}
      </small>
    );
  }
  if (previews.data.length === 0) return null;
  return <Previews items={previews.data.map((p) => ({ key: p.blankId, url: p.imageUrl, label: sideLabels[p.side] }))} size={size} />;
}

function Previews({ items, size }: { items: { key: string; url: string; label: string }[]; size: number }) {
  if (items.length === 0) return null;
  return (
    <ul className="mockup-previews" aria-label="Mockups" data-testid="mockup-preview">
      {items.map((item) => (
        <li key={item.key}>
          <figure>
            <a href={item.url} target="_blank" rel="noreferrer">
              <img src={item.url} alt={`Mockup: ${item.label}`} width={size} height={size} loading="lazy" />
            </a>
            <figcaption>{item.label}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
