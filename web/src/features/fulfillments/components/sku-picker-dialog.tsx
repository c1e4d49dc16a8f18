import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { SearchBox } from '@/components/ui/search-box';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { Thumb } from '@/components/ui/thumb';
import type { FulfillmentProviderType } from '@/gql/graphql';
import { httpUrl } from '@/lib/external-url';
import { formatMoney } from '@/lib/money';
import { SafeHtml } from '@/lib/safe-html';
import { useDebounced } from '@/lib/use-debounced';
import {
  useBlueprints,
  useCatalogProducts,
  useMangoteeProducts,
  useMangoteeVariants,
  usePrintProviders,
  usePrintifyVariants,
  useProductLines,
  type Blueprint,
  type CatalogProduct,
  type CatalogVariant,
} from '../api/catalog';
import { printifySku, type VariantChoice } from './create-draft';
import { providerLabels } from './labels';

const PAGE_SIZE = 10;

export interface PickerTarget {
  providerId: string;
  provider: FulfillmentProviderType;
  /** What is being mapped, e.g. "Classic tee — Black / L". */
  itemLabel: string;
}

type OnPick = (choice: Omit<VariantChoice, 'source'>) => void;

function Stock({ stock }: { stock: number | null | undefined }) {
  if (stock === null || stock === undefined) return null;
  return stock > 0 ? <span className="muted small">{stock.toLocaleString('en-US')} in stock</span> : <span className="small profit-negative">Out of stock</span>;
}

function ChooseButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return <Button label="Choose" size="small" outlined onClick={onClick} disabled={disabled} aria-label={`Choose ${label}`} />;
}

/** Printify names options per blueprint (`color`, `size`, …): shown as they come. */
function optionsText(options: unknown): string {
  if (!options || typeof options !== 'object') return '';
  return Object.entries(options as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');
}

/** The flat catalogue every provider answers: products with variants, images and base costs. */
function ProductsBrowser({ providerId, onPick }: { providerId: string; onPick: OnPick }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [pageState, setPageState] = useState({ page: 1, for: '' });
  // A new search starts again at page 1.
  const page = pageState.for === debounced ? pageState.page : 1;
  const products = useCatalogProducts(providerId, { limit: PAGE_SIZE, page, ...(debounced ? { search: debounced } : {}) });
  const variantLabel = (p: CatalogProduct, v: CatalogVariant) => `${p.name} — ${[v.color, v.size].filter(Boolean).join(' / ') || v.sku}`;
  const total = products.data?.pageInfo.totalCount ?? 0;
  return (
    <div className="stack">
      <SearchBox value={search} onChange={setSearch} placeholder="Search the catalogue" label="Search the catalogue" testId="catalog-search" />
      {products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <LinesSkeleton lines={6} label="Loading the catalogue" />
      ) : products.data.items.length === 0 ? (
        <EmptyState icon="pi pi-search" title="No product matches" />
      ) : (
        <ul className="catalog-list" data-testid="catalog-products" aria-busy={products.isFetching}>
          {products.data.items.map((p) => (
            <li key={p.id} className="catalog-product">
              <div className="catalog-product-head">
                <Thumb src={httpUrl(p.image)} size={64} alt={p.name} />
                <div className="cell-title">
                  <span className="cell-title-main">{p.name}</span>
                  {p.printAreas.length ? <span className="muted small">Prints on {p.printAreas.join(', ')}</span> : null}
                </div>
              </div>
              {p.description ? <SafeHtml className="product-description small" html={p.description} data-testid="catalog-description" /> : null}
              <table className="catalog-variants" aria-label={`Variants of ${p.name}`}>
                <tbody>
                  {p.variants.map((v) => (
                    <tr key={v.sku}>
                      <td>
                        {v.colorCode ? <span className="dot" style={{ background: v.colorCode }} aria-hidden="true" /> : null} {v.color ?? '—'}
                      </td>
                      <td>{v.size ?? '—'}</td>
                      <td>
                        <code className="small">{v.sku}</code>
                      </td>
                      <td>
                        <Stock stock={v.stock} />
                      </td>
                      <td className="catalog-cost">{formatMoney(v.cost)}</td>
                      <td>
                        <ChooseButton
                          label={variantLabel(p, v)}
                          disabled={v.stock === 0}
                          onClick={() => onPick({ sku: v.sku, label: variantLabel(p, v), image: httpUrl(p.image), cost: v.cost })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE ? (
        <div className="token-pager">
          <span className="muted">
            {total.toLocaleString('en-US')} products · page {page} of {Math.ceil(total / PAGE_SIZE)}
          </span>
          <Button icon="pi pi-angle-left" label="Previous" text disabled={page <= 1} onClick={() => setPageState({ page: page - 1, for: debounced })} />
          <Button
            icon="pi pi-angle-right"
            iconPos="right"
            label="Next"
            text
            disabled={!products.data?.pageInfo.hasNextPage || products.isFetching}
            onClick={() => setPageState({ page: page + 1, for: debounced })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Printify: a blueprint (the garment), then who prints it, then the variant. */
function PrintifyBrowser({ onPick }: { onPick: OnPick }) {
  const blueprints = useBlueprints();
  const [search, setSearch] = useState('');
  const [blueprint, setBlueprint] = useState<Blueprint | null>(null);
  const [printProvider, setPrintProvider] = useState<{ id: string; title: string } | null>(null);
  const providers = usePrintProviders(blueprint?.id ?? null);
  const variants = usePrintifyVariants(blueprint?.id ?? null, printProvider?.id ?? null);
  const needle = search.trim().toLowerCase();

  if (!blueprint) {
    const shown = (blueprints.data ?? []).filter((b) => !needle || [b.title, b.brand, b.model].some((t) => t?.toLowerCase().includes(needle)));
    return (
      <div className="stack">
        <SearchBox value={search} onChange={setSearch} placeholder="T-shirt, hoodie, Gildan 5000…" label="Search blueprints" testId="blueprint-search" />
        {blueprints.isError ? (
          <ErrorState error={blueprints.error} onRetry={() => void blueprints.refetch()} />
        ) : blueprints.isPending ? (
          <LinesSkeleton lines={6} label="Loading Printify's blueprints" />
        ) : shown.length === 0 ? (
          <EmptyState icon="pi pi-search" title="No blueprint matches" />
        ) : (
          <ul className="catalog-list" data-testid="printify-blueprints">
            {shown.slice(0, 50).map((b) => (
              <li key={b.id} className="catalog-product catalog-product-row">
                <Thumb src={httpUrl(b.images[0])} size={56} alt={b.title} />
                <div className="cell-title">
                  <span className="cell-title-main">{b.title}</span>
                  <span className="muted small">{[b.brand, b.model].filter(Boolean).join(' · ')}</span>
                </div>
                <Button label="Open" size="small" text icon="pi pi-angle-right" iconPos="right" onClick={() => setBlueprint(b)} aria-label={`Open ${b.title}`} />
              </li>
            ))}
          </ul>
        )}
        {shown.length > 50 ? <p className="muted small">Showing 50 of {shown.length}: narrow the search.</p> : null}
      </div>
    );
  }

  const back = (
    <div className="row-gap">
      <Button label="Blueprints" icon="pi pi-angle-left" text size="small" onClick={() => {
          setBlueprint(null);
          setPrintProvider(null);
        }} />
      {printProvider ? <Button label={blueprint.title} icon="pi pi-angle-left" text size="small" onClick={() => setPrintProvider(null)} /> : null}
    </div>
  );

  if (!printProvider) {
    return (
      <div className="stack">
        {back}
        <div className="catalog-product-head">
          <Thumb src={httpUrl(blueprint.images[0])} size={72} alt={blueprint.title} />
          <div className="cell-title">
            <span className="cell-title-main">{blueprint.title}</span>
            <span className="muted small">{[blueprint.brand, blueprint.model].filter(Boolean).join(' · ')}</span>
          </div>
        </div>
        {blueprint.description ? <SafeHtml className="product-description small" html={blueprint.description} data-testid="catalog-description" /> : null}
        <h3 className="catalog-step">Who prints it</h3>
        {providers.isError ? (
          <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
        ) : providers.isPending ? (
          <LinesSkeleton lines={3} label="Loading print providers" />
        ) : providers.data.length === 0 ? (
          <EmptyState icon="pi pi-building" title="No print provider offers this blueprint" />
        ) : (
          <ul className="catalog-list" data-testid="printify-print-providers">
            {providers.data.map((p) => (
              <li key={p.id} className="catalog-product catalog-product-row">
                <span className="cell-title-main">{p.title}</span>
                <Button label="Open" size="small" text icon="pi pi-angle-right" iconPos="right" onClick={() => setPrintProvider(p)} aria-label={`Open ${p.title}`} />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="stack">
      {back}
      <h3 className="catalog-step">
        {blueprint.title} by {printProvider.title}
      </h3>
      {variants.isError ? (
        <ErrorState error={variants.error} onRetry={() => void variants.refetch()} />
      ) : variants.isPending ? (
        <LinesSkeleton lines={6} label="Loading variants" />
      ) : (
        <table className="catalog-variants" aria-label={`Variants of ${blueprint.title}`} data-testid="printify-variants">
          <tbody>
            {variants.data.map((v) => {
              const label = `${blueprint.title} — ${v.title} (${printProvider.title})`;
              return (
                <tr key={v.id}>
                  <td>{v.title}</td>
                  <td className="muted small">{optionsText(v.options)}</td>
                  <td>
                    <ChooseButton
                      label={label}
                      onClick={() => onPick({ sku: printifySku(blueprint.id, printProvider.id, v.id), label, image: httpUrl(blueprint.images[0]), cost: null })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="muted small">Printify states the price of a variant when it accepts the order.</p>
    </div>
  );
}

/** MangoTee: a production line, a product of it, then the variant. */
function MangoteeBrowser({ onPick }: { onPick: OnPick }) {
  const lines = useProductLines();
  const [lineId, setLineId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [product, setProduct] = useState<{ id: string; name: string } | null>(null);
  const products = useMangoteeProducts({ ...(lineId ? { productLineId: lineId } : {}), ...(debounced ? { search: debounced } : {}), limit: 50, page: 1 }, !!lineId);
  const variants = useMangoteeVariants(lineId, product?.id ?? null);

  if (product && lineId) {
    return (
      <div className="stack">
        <div className="row-gap">
          <Button label="Products" icon="pi pi-angle-left" text size="small" onClick={() => setProduct(null)} />
        </div>
        <h3 className="catalog-step">{product.name}</h3>
        {variants.isError ? (
          <ErrorState error={variants.error} onRetry={() => void variants.refetch()} />
        ) : variants.isPending ? (
          <LinesSkeleton lines={6} label="Loading variants" />
        ) : (
          <table className="catalog-variants" aria-label={`Variants of ${product.name}`} data-testid="mangotee-variants">
            <tbody>
              {variants.data.map((v) => {
                const label = `${product.name} — ${v.name}`;
                return (
                  <tr key={v.id}>
                    <td>{v.name}</td>
                    <td>
                      <code className="small">{v.sku}</code>
                    </td>
                    <td>
                      <Stock stock={v.stock} />
                    </td>
                    <td>
                      <ChooseButton label={label} disabled={v.stock === 0} onClick={() => onPick({ sku: v.sku, label, image: null, cost: null })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p className="muted small">MangoTee states the base cost of each item when it accepts the order.</p>
      </div>
    );
  }

  return (
    <div className="stack">
      <div className="filters">
        <Dropdown
          value={lineId}
          options={(lines.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          onChange={(e) => setLineId(e.value as string)}
          placeholder="Production line"
          ariaLabel="Production line"
          loading={lines.isPending}
          data-testid="mangotee-line"
        />
        <SearchBox value={search} onChange={setSearch} placeholder="Search products" label="Search products" testId="mangotee-search" />
      </div>
      {lines.isError ? <ErrorState error={lines.error} onRetry={() => void lines.refetch()} /> : null}
      {!lineId ? (
        <p className="muted">Choose a production line first: MangoTee infers where an item is made from its SKU.</p>
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <LinesSkeleton lines={6} label="Loading products" />
      ) : products.data.length === 0 ? (
        <EmptyState icon="pi pi-search" title="No product matches" />
      ) : (
        <ul className="catalog-list" data-testid="mangotee-products">
          {products.data.map((p) => (
            <li key={p.id} className="catalog-product catalog-product-row">
              <div className="cell-title">
                <span className="cell-title-main">{p.name}</span>
                <span className="muted small">{p.sku ?? ''}</span>
              </div>
              <Stock stock={p.stock} />
              <Button label="Open" size="small" text icon="pi pi-angle-right" iconPos="right" onClick={() => setProduct(p)} aria-label={`Open ${p.name}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The provider's catalogue, to choose what an item is made from: its pictures, variants, stock and
 * base cost. Descriptions are the provider's HTML, shown through the sanitizer.
 */
export function SkuPickerDialog({ target, onPick, onHide }: { target: PickerTarget | null; onPick: OnPick; onHide: () => void }) {
  return (
    <Dialog
      header={target ? `${providerLabels[target.provider]} catalogue` : ''}
      visible={!!target}
      onHide={onHide}
      style={{ width: '52rem' }}
      breakpoints={{ '960px': '95vw' }}
      draggable={false}
    >
      {target ? (
        <div className="stack" data-testid="sku-picker">
          <p className="muted">
            For <strong>{target.itemLabel}</strong>
          </p>
          {target.provider === 'PRINTIFY' ? (
            <PrintifyBrowser onPick={onPick} />
          ) : target.provider === 'MANGO_TEE' ? (
            <MangoteeBrowser onPick={onPick} />
          ) : (
            <ProductsBrowser providerId={target.providerId} onPick={onPick} />
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
