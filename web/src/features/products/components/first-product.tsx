import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { firstProductPath, paths } from '@/config/paths';
import { useShopOptions, useTemplateOptions } from '@/lib/lookups';

/**
 * What an empty catalogue offers: the first product from a ready template, at once (issue 21),
 * or templates and shops first when the client has none yet.
 */
export function FirstProductPanel() {
  const navigate = useNavigate();
  const templates = useTemplateOptions();
  const shops = useShopOptions();
  const ready = templates.data?.find((t) => t.status === 'ACTIVE');
  const shop = shops.data?.find((s) => s.saleChannel === 'TIKTOK' && s.connection === 'CONNECTED');
  if (templates.isPending) return <EmptyState icon="pi pi-box" title="No product yet" />;
  if (!ready) {
    return (
      <EmptyState
        icon="pi pi-box"
        title="No product yet"
        action={<Button label="Create a template" icon="pi pi-clone" onClick={() => navigate(paths.productTemplates.create)} />}
      >
        Products are built from a template (variants, prices, marketplace fields) and your designs. Start with a template.
      </EmptyState>
    );
  }
  return (
    <div data-testid="first-product">
      <EmptyState
        icon="pi pi-sparkles"
        title="List your first product"
        action={<Button label={`Create a product from ${ready.name}`} icon="pi pi-plus" onClick={() => navigate(firstProductPath)} data-testid="first-product-start" />}
      >
        {ready.name} is ready: upload a design, give it a name{shop ? `, and it goes live on ${shop.name}` : ''}.
      </EmptyState>
    </div>
  );
}
