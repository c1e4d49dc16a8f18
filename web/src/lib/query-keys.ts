/**
 * The first element of every query key, one per area of data. Keys are hierarchical
 * (`['products', 'list', filters]`), so invalidating a root refreshes everything under it.
 *
 * Each api file builds its key factory from its area's root, and its queryOptions take their keys
 * from that factory; nothing else types a key by hand. A look-up in lib/ keys under the root of
 * the area whose data it shows, so that area's mutations refresh it too. A mutation that changes
 * another area's data invalidates that area through its root here, because features do not
 * import each other.
 */
export const rootKeys = {
  auth: ['auth'],
  users: ['users'],
  shops: ['shops'],
  shopProducts: ['shop-products'],
  products: ['products'],
  templates: ['templates'],
  designs: ['designs'],
  tiktokCatalog: ['tiktok-catalog'],
  monitors: ['monitors'],
  jobBatches: ['job-batches'],
  orders: ['orders'],
  fulfillmentProviders: ['fulfillment-providers'],
  fulfillmentCatalog: ['fulfillment-catalog'],
  fulfillmentOrders: ['fulfillment-orders'],
  telegram: ['telegram'],
  /** Plans, subscriptions, balances and transactions: the seller's and the clients console's. */
  billing: ['billing'],
  /** Promotion plans, scheduled promotions and the marketplace's activities behind them. */
  promotions: ['promotions'],
} as const;
