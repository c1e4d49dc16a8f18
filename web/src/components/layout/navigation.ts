import { paths } from '@/config/paths';
import type { Access } from '@/lib/auth';

export interface NavItem {
  label: string;
  to: string;
  icon: string;
  access: Access;
  /** Also highlight for these path prefixes (child screens). */
  match?: string[];
  /** Not highlighted under these prefixes: child areas with an entry of their own. */
  except?: string[];
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The sidebar; each entry shows only to users who may open it. */
export const navigation: NavSection[] = [
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', to: paths.dashboard, icon: 'pi pi-th-large', access: 'signedIn' }],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Products', to: paths.products.list, icon: 'pi pi-box', access: 'signedIn' },
      { label: 'Templates', to: paths.productTemplates.list, icon: 'pi pi-clone', access: 'signedIn' },
      { label: 'Designs', to: paths.productDesigns, icon: 'pi pi-palette', access: 'signedIn' },
    ],
  },
  {
    label: 'Sales channels',
    items: [
      { label: 'Shops', to: paths.shop, icon: 'pi pi-shop', access: 'signedIn' },
      { label: 'Shop products', to: paths.shopProduct, icon: 'pi pi-list', access: 'signedIn' },
      { label: 'TikTok Shop', to: paths.shops.tiktok, icon: 'pi pi-tiktok', access: 'signedIn', match: [paths.shops.tiktok], except: [paths.shops.promotions] },
      { label: 'Promotions', to: paths.shops.promotions, icon: 'pi pi-bolt', access: 'promotions' },
    ],
  },
  {
    label: 'Orders',
    items: [
      { label: 'Orders', to: paths.orders.list, icon: 'pi pi-shopping-cart', access: 'signedIn' },
      { label: 'Fulfilment orders', to: paths.fulfillments.orders, icon: 'pi pi-truck', access: 'signedIn', match: [paths.fulfillments.orders] },
      { label: 'Providers', to: paths.fulfillments.providers, icon: 'pi pi-building', access: 'admin' },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Users', to: paths.users.list, icon: 'pi pi-users', access: 'admin' },
      { label: 'Subscription', to: paths.subscriptions.list, icon: 'pi pi-wallet', access: 'signedIn' },
      { label: 'Promotion settings', to: paths.promotionSettings, icon: 'pi pi-sliders-h', access: 'promotions' },
    ],
  },
  {
    label: 'Platform',
    items: [
      { label: 'Clients', to: paths.clients.list, icon: 'pi pi-briefcase', access: 'superAdmin' },
      { label: 'Monitors', to: paths.monitors, icon: 'pi pi-chart-line', access: 'superAdmin' },
    ],
  },
];
