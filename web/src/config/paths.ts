/**
 * Every route of the app, named once. Screens, guards, navigation and tests refer to these names
 * so a path is never spelled twice.
 */
export const paths = {
  root: '/',
  auth: {
    login: '/auth/login',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    register: '/auth/register',
  },
  verifyEmail: '/verify-email',
  dashboard: '/dashboard',
  products: {
    list: '/products',
    create: '/products/create',
    edit: '/products/:productId/edit',
  },
  spyProducts: '/spy-products',
  shop: '/shop',
  shopProduct: '/shop-product',
  shops: {
    /** Not a screen of its own: the plural people type leads to every shop (/shop). */
    index: '/shops',
    tiktokProducts: '/shops/tiktok/products',
    tiktok: '/shops/tiktok',
    /** Where the marketplace's consent page sends the seller back (`?code=…&state=…`). */
    tiktokCallback: '/shops/tiktok/callback',
    /** Where Amazon's consent page sends the seller back (`?spapi_oauth_code=…&state=…&selling_partner_id=…`). */
    amazonCallback: '/shops/amazon/callback',
    promotions: '/shops/tiktok/promotions',
    promotionsCreate: '/shops/tiktok/promotions/create',
    detail: '/shops/:shopId',
  },
  productTemplates: {
    list: '/product-templates',
    create: '/product-templates/create',
    edit: '/product-templates/:templateId/edit',
  },
  productDesigns: '/product-designs',
  users: {
    list: '/users',
    settings: '/users/settings',
  },
  orders: {
    list: '/orders',
    detail: '/orders/:orderId',
  },
  fulfillments: {
    providers: '/fulfillments/providers',
    orders: '/fulfillments/orders',
    ordersCreate: '/fulfillments/orders/create',
    orderDetail: '/fulfillments/orders/:orderId',
  },
  clients: {
    list: '/clients',
    detail: '/clients/:clientId',
  },
  subscriptions: {
    list: '/subscriptions',
    addBalance: '/subscriptions/add-balance',
  },
  promotionSettings: '/promotions/settings',
  monitors: '/monitors',
} as const;

/** Fills the `:param` segments of a route pattern. */
export function pathTo(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo: missing ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** The new fulfilment order screen for these marketplace orders (`?orderIds=a,b`). */
export function sendToProviderPath(orderIds: string[]): string {
  return `${paths.fulfillments.ordersCreate}?orderIds=${orderIds.map(encodeURIComponent).join(',')}`;
}

/** The fulfilment orders list opened on a search (e.g. a marketplace order's number). */
export function fulfillmentsSearchPath(search: string): string {
  return `${paths.fulfillments.orders}?${new URLSearchParams({ search })}`;
}

/** The catalogue, ready to list products on one shop (`?listOn=shopId`: the listing dialog starts with it chosen). */
export function listOnShopPath(shopId: string): string {
  return `${paths.products.list}?${new URLSearchParams({ listOn: shopId })}`;
}

/**
 * The first-product path: the create screen with the ready template, the connected TikTok shop and
 * live listing chosen, so a design and a name are all that is left (issue 21).
 */
export const firstProductPath = `${paths.products.create}?first=1`;
