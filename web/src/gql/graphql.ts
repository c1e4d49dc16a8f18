/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AuthorizeShopInput = {
  code: string;
  saleChannel: SaleChannel;
  /** AMAZON: the `selling_partner_id` the consent redirect carried. */
  sellingPartnerId?: string | null | undefined;
  state: string;
  targetMarket?: TargetMarket | null | undefined;
};

export type BulkApplyTemplateInput = {
  productIds: Array<string | number>;
  templateId: string | number;
};

export type BulkListingProductInput = {
  mode: ListingMode;
  productIds: Array<string | number>;
  shopId: string | number;
  templateId?: string | number | null | undefined;
};

export type BulkPublishProductsInput = {
  productIds: Array<string | number>;
  shopIds: Array<string | number>;
};

export type BulkUpdateTiktokPromotionInput = {
  autoRenew?: boolean | null | undefined;
  /** Ends the promotions' activities on the marketplace; they never renew again. */
  deactivate?: boolean | null | undefined;
  ids: Array<string | number>;
};

export type CacheProductDesignInput = {
  designBackUrl?: string | null | undefined;
  designFrontUrl?: string | null | undefined;
  designHoodUrl?: string | null | undefined;
  designSleeveUrl?: string | null | undefined;
  externalProductId?: string | null | undefined;
  images?: Array<string> | null | undefined;
  productId?: string | number | null | undefined;
  sellerProductId?: string | null | undefined;
  variant?: string | null | undefined;
};

export type ChangeAction =
  | 'CREATE'
  | 'DELETE'
  | 'UNCHANGED'
  | 'UPDATE';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
};

export type ClientSubscriptionFilter = {
  isActive?: boolean | null | undefined;
  limit?: number | null | undefined;
  page?: number | null | undefined;
  planType?: PlanType | null | undefined;
  /** Part of the client's name or key. */
  search?: string | null | undefined;
  sort?: ClientSubscriptionSort | null | undefined;
};

/** How the clients console sorts. */
export type ClientSubscriptionSort =
  /** Largest balance first. */
  | 'BALANCE'
  /** Soonest end of period first; plans without an end last. */
  | 'END_DATE'
  | 'NAME'
  /** Newest clients first (the default). */
  | 'NEWEST';

/** A Walmart seller account's API key pair, from Seller Center's developer portal. */
export type ConnectWalmartShopInput = {
  clientId: string;
  clientSecret: string;
  /** How the shop is called in Sellerdesk (default "Walmart" and the client id's start). */
  name?: string | null | undefined;
  targetMarket?: TargetMarket | null | undefined;
};

export type CreateFulfillmentOrderInput = {
  items: Array<FulfillmentItemInput>;
  orderId: string | number;
  providerId: string | number;
  shipping?: ShippingInput | null | undefined;
};

export type CreateFulfillmentProviderInput = {
  apiKey: string;
  apiSecret?: string | null | undefined;
  /** ours: Merchize serves each seller from its own host (`https://bo-{tenant}.merchize.com/bo-api`). */
  baseUrl?: string | null | undefined;
  name?: string | null | undefined;
  provider: FulfillmentProviderType;
  /** Printify shop id */
  shopId?: string | null | undefined;
};

export type CreateProductWithTemplateInput = {
  designs: Array<DesignInput>;
  listingMode?: ListingMode | null | undefined;
  shopIds?: Array<string | number> | null | undefined;
  templateId: string | number;
};

export type CreateSimpleFulfillmentOrderInput = {
  items: Array<FulfillmentItemInput>;
  labelUrl?: string | null | undefined;
  providerId: string | number;
  refOrderId?: string | null | undefined;
  shipping: ShippingInput;
};

export type CreateTiktokPromotionScheduleInput = {
  autoRenew: boolean;
  /** The first activity's start. */
  beginTime: string;
  planId: string | number;
  /** Local products; empty = all the shop's live products. */
  productIds?: Array<string | number> | null | undefined;
  shopIds: Array<string | number>;
};

export type CreateUserInput = {
  /** SUPER_ADMIN only; defaults to the caller's client */
  clientId?: string | number | null | undefined;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** ADMIN may create ADMIN or STAFF of its own client; SUPER_ADMIN any */
  role: Role;
  shopIds?: Array<string | number> | null | undefined;
};

export type DesignInput = {
  designBackUrl?: string | null | undefined;
  designFrontUrl?: string | null | undefined;
  designHoodUrl?: string | null | undefined;
  designSleeveUrl?: string | null | undefined;
  mockupUrls?: Array<string> | null | undefined;
  name: string;
};

export type DesignSide =
  | 'BACK'
  | 'FRONT'
  | 'HOOD'
  | 'SLEEVE';

export type DimensionUnit =
  | 'CENTIMETER'
  | 'INCH';

export type DimensionsInput = {
  height: number;
  length: number;
  unit: DimensionUnit;
  width: number;
};

export type EventHistoryFilter = {
  batchId?: string | number | null | undefined;
  clientId?: string | number | null | undefined;
  limit?: number | null | undefined;
  page?: number | null | undefined;
  status?: JobStatus | null | undefined;
  type?: string | null | undefined;
};

/** What reconciliation found (ours). */
export type FulfillmentDriftKind =
  | 'MISSING_AT_PROVIDER'
  | 'STATUS_MISMATCH'
  | 'UNKNOWN_AT_SELLERDESK';

export type FulfillmentItemInput = {
  bgColorCode?: string | null | undefined;
  designBackUrl?: string | null | undefined;
  designFrontUrl?: string | null | undefined;
  fulfillmentSku: string;
  image?: string | null | undefined;
  orderItemId?: string | number | null | undefined;
  quantity: number;
};

export type FulfillmentOrderFilter = {
  limit?: number | null | undefined;
  /** ours: the fulfilment orders of one marketplace order. */
  orderId?: string | number | null | undefined;
  page?: number | null | undefined;
  providerId?: string | number | null | undefined;
  search?: string | null | undefined;
  /** ours: the order of the list (default: newest first). */
  sort?: FulfillmentOrderSortField | null | undefined;
  /** ours */
  sortDirection?: SortDirection | null | undefined;
  status?: FulfillmentOrderStatus | null | undefined;
};

/** How the fulfilment orders list is ordered (ours). */
export type FulfillmentOrderSortField =
  /** When the fulfilment order was made (the default). */
  | 'CREATED_AT'
  /** What the provider charges; orders without a total last. */
  | 'TOTAL'
  /** When it last changed (a status or tracking update). */
  | 'UPDATED_AT';

export type FulfillmentOrderStatus =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'CREATED'
  | 'IN_TRANSIT';

export type FulfillmentProductFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  search?: string | null | undefined;
};

export type FulfillmentProviderType =
  | 'GEARMENT'
  | 'HMFULFILL'
  | 'LENFUL'
  | 'MANGO_TEE'
  | 'MERCHIZE'
  | 'PRINTIFY';

export type ItemKind =
  | 'PRODUCT'
  | 'VARIATION';

export type JobStatus =
  | 'FAILED'
  | 'PENDING'
  | 'PROCESSING'
  | 'SUCCESS';

export type ListingMode =
  | 'AS_DRAFT'
  | 'LISTING';

export type LiveStatus =
  | 'DRAFT'
  | 'LISTED'
  | 'LIVE'
  | 'PENDING'
  | 'SUSPENDED';

export type LoginInput = {
  email: string;
  password: string;
};

export type MangoteeProductFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  productLineId?: string | number | null | undefined;
  search?: string | null | undefined;
};

export type MarketplaceProductFilter = {
  page_size?: number | null | undefined;
  page_token?: string | null | undefined;
  seller_skus?: Array<string> | null | undefined;
  status?: string | null | undefined;
};

/**
 * A blank photo as the template form sends it: an upload of the client, the side it shows,
 * the print area in its pixels.
 */
export type MockupBlankInput = {
  imageUrl: string;
  printArea: PrintAreaInput;
  side: DesignSide;
};

/** A design's print files by side, as `createProductWithTemplate` takes them. */
export type MockupDesignInput = {
  designBackUrl?: string | null | undefined;
  designFrontUrl?: string | null | undefined;
  designHoodUrl?: string | null | undefined;
  designSleeveUrl?: string | null | undefined;
};

/** Orders by their ship-by deadline (ours): what the need-action cards open. */
export type OrderDeadline =
  /** Still to ship, ship-by within the next 24 hours. */
  | 'DUE_SOON'
  /** Still to ship, ship-by passed. */
  | 'OVERDUE';

/** Who or what changed an order's status (ours). */
export type OrderEventSource =
  | 'FULFILLMENT'
  | 'SYNC'
  | 'USER'
  | 'WEBHOOK';

/** Where an export is (ours). */
export type OrderExportStatus =
  | 'FAILED'
  | 'PENDING'
  | 'PROCESSING'
  | 'SUCCESS';

/** date bounds are interpreted in the caller's timezone setting when given as YYYY-MM-DD */
export type OrderFilter = {
  /** ours: only orders due within 24 hours, or overdue (both: still to ship). */
  deadline?: OrderDeadline | null | undefined;
  /** A local day (YYYY-MM-DD, from its start) or an RFC 3339 time. */
  from?: string | null | undefined;
  limit?: number | null | undefined;
  page?: number | null | undefined;
  saleChannel?: SaleChannel | null | undefined;
  /** External order id, buyer email, recipient name, seller SKU or product name. */
  search?: string | null | undefined;
  shopIds?: Array<string | number> | null | undefined;
  /** ours: default ORDERED_AT. */
  sort?: OrderSortField | null | undefined;
  /** ours: default DESC. */
  sortDirection?: SortDirection | null | undefined;
  status?: OrderStatus | null | undefined;
  /**
   * ours: the IANA zone local days are read in when the user has no TIMEZONE setting (the
   * browser's); the setting wins; UTC when neither.
   */
  timezone?: string | null | undefined;
  /** A local day (YYYY-MM-DD, through its end) or an RFC 3339 time (inclusive). */
  to?: string | null | undefined;
};

/** What an order list is sorted by (ours). */
export type OrderSortField =
  /** When the buyer ordered (the default). */
  | 'ORDERED_AT'
  /** The marketplace's ship-by deadline; orders without one last. */
  | 'SHIP_BY'
  /** The order's total. */
  | 'TOTAL';

export type OrderStatus =
  | 'AWAITING_DESIGN'
  | 'AWAITING_FULFILLMENT'
  | 'AWAITING_SHIPMENT'
  | 'CANCELLED'
  | 'COMPLETED'
  | 'DELIVERED'
  | 'FULFILLED'
  | 'IN_TRANSIT'
  | 'REFUNDED';

export type PlanType =
  | 'BASIC'
  | 'BEGIN'
  | 'DIAMOND'
  | 'FREE'
  | 'PREMIUM'
  | 'SMALL';

export type PresignedUrlInput = {
  /**
   * The file's size in bytes, at most UPLOAD_MAX_BYTES. Required when files are kept in an
   * S3 bucket: the presigned URL is signed for exactly this size.
   */
  contentLength?: number | null | undefined;
  contentType: string;
  fileName: string;
  /** Where in the client's files: 1 to 3 parts such as `products/main` (default `files`). */
  folder?: string | null | undefined;
};

export type PrintAreaInput = {
  height: number;
  width: number;
  x: number;
  y: number;
};

export type ProductDesignFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  productId?: string | number | null | undefined;
  search?: string | null | undefined;
};

export type ProductFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  shopId?: string | number | null | undefined;
  status?: ProductStatus | null | undefined;
  templateId?: string | number | null | undefined;
  type?: ProductType | null | undefined;
};

export type ProductImageInput = {
  imageUrl: string;
  isPrimary?: boolean | null | undefined;
  sequence?: number | null | undefined;
};

export type ProductStatus =
  | 'PUBLISHED'
  | 'SOLD'
  | 'UNPUBLISHED';

export type ProductTemplateFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  search?: string | null | undefined;
  status?: TemplateStatus | null | undefined;
  type?: ProductType | null | undefined;
};

export type ProductTemplateInput = {
  amazonAttributes?: unknown;
  amazonProductType?: string | null | undefined;
  description?: string | null | undefined;
  images?: Array<string> | null | undefined;
  /**
   * The blank photos mockups are rendered on: omitted keeps the template's, given replaces
   * them (an empty list removes them).
   */
  mockupBlanks?: Array<MockupBlankInput> | null | undefined;
  name: string;
  packageDimensions?: DimensionsInput | null | undefined;
  packageWeight?: WeightInput | null | undefined;
  priceFormula?: string | null | undefined;
  sizeChart?: string | null | undefined;
  status?: TemplateStatus | null | undefined;
  tiktokBrandId?: string | null | undefined;
  tiktokCategoryId?: string | null | undefined;
  tiktokProductAttribute?: unknown;
  title: string;
  type: ProductType;
  variants: unknown;
  walmartCategory?: string | null | undefined;
  walmartItemSpec?: unknown;
};

export type ProductType =
  | 'DROPSHIP'
  | 'POD';

/** Where a window's activity is on the marketplace (ours): TikTok's lifecycle. */
export type PromotionActivityStatus =
  | 'DEACTIVATED'
  | 'EXPIRED'
  | 'NOT_START'
  | 'ONGOING';

/** What became of one product of a window (ours). */
export type PromotionItemStatus =
  | 'DROPPED'
  | 'FAILED'
  | 'SUCCESS';

export type PromotionPlanInput = {
  discount: number;
  duration: number;
  productLevel: ItemKind;
  title: string;
  type: PromotionType;
};

/** How promotions are ordered (ours). */
export type PromotionSortField =
  | 'BEGIN_TIME'
  | 'CREATED_AT'
  | 'END_TIME'
  | 'NEXT_RENEWAL_AT'
  | 'TITLE';

export type PromotionType =
  | 'FLASHSALE';

export type ReassignShopInput = {
  shopId: string | number;
  userIds: Array<string | number>;
};

export type Role =
  | 'ADMIN'
  | 'STAFF'
  | 'SUPER_ADMIN';

export type SaleChannel =
  | 'AMAZON'
  | 'TIKTOK'
  | 'WALMART';

export type SettingKey =
  | 'TIMEZONE';

export type ShippingInput = {
  address1: string;
  address2?: string | null | undefined;
  city: string;
  method?: string | null | undefined;
  name: string;
  phone?: string | null | undefined;
  postalCode: string;
  regionCode: string;
  /** ours: state or province code (every provider asks for it). */
  state?: string | null | undefined;
};

export type ShopConnection =
  | 'CONNECTED'
  | 'OPEN';

export type ShopFilter = {
  /** SUPER_ADMIN: another client's shops (the clients console) */
  clientId?: string | number | null | undefined;
  limit?: number | null | undefined;
  page?: number | null | undefined;
  saleChannel?: SaleChannel | null | undefined;
  search?: string | null | undefined;
};

export type ShopProductFilter = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
  search?: string | null | undefined;
  status?: ShopProductFilterStatus | null | undefined;
};

export type ShopProductFilterStatus =
  | 'ACTIVATE'
  | 'ALL'
  | 'DELETED'
  | 'DRAFT'
  | 'FAILED'
  | 'FREEZE'
  | 'PENDING'
  | 'PLATFORM_DEACTIVATED'
  | 'SELLER_DEACTIVATED';

export type SignUpClientInput = {
  /** lowercase letters, digits and '-', 3..32, unique */
  clientKey: string;
  clientName: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

/** Sort direction (ours); newest or largest first by default. */
export type SortDirection =
  | 'ASC'
  | 'DESC';

/** A plan's terms to change; what is left out stays. An allowance given as null is unlimited. */
export type SubscriptionPlanInput = {
  basePrice?: number | null | undefined;
  description?: string | null | undefined;
  durationDays?: number | null | undefined;
  features?: Array<string> | null | undefined;
  maxShops?: number | null | undefined;
  monthlyFulfillments?: number | null | undefined;
  monthlyListings?: number | null | undefined;
  promotions?: boolean | null | undefined;
  salePrice?: number | null | undefined;
};

export type TargetMarket =
  | 'US';

/** ours: what a user may choose to hear about on Telegram. */
export type TelegramAlert =
  | 'BULK_BATCH_FAILED'
  | 'LOW_BALANCE'
  | 'ORDERS_DUE'
  | 'PROMOTION_RENEWAL_FAILED';

export type TemplateStatus =
  | 'ACTIVE'
  | 'DRAFT';

export type TiktokPromotionFilter = {
  autoRenew?: boolean | null | undefined;
  limit?: number | null | undefined;
  page?: number | null | undefined;
  /** Title or shop name. */
  search?: string | null | undefined;
  shopId?: string | number | null | undefined;
  /** Ours: default BEGIN_TIME. */
  sort?: PromotionSortField | null | undefined;
  /** Ours: default DESC. */
  sortDirection?: SortDirection | null | undefined;
  status?: JobStatus | null | undefined;
};

/** Where a card top-up stands (ours). */
export type TopUpStatus =
  /** The checkout lapsed unpaid or could not be started. */
  | 'EXPIRED'
  /** Paid, and the balance credited (`transactionId` is its TOP_UP transaction). */
  | 'PAID'
  /** Started; not paid yet. */
  | 'PENDING';

export type TransactionType =
  | 'ADJUSTMENT'
  | 'PLAN_PURCHASE'
  | 'TOP_UP';

export type UpdateClientInput = {
  isActive?: boolean | null | undefined;
  name?: string | null | undefined;
};

export type UpdateProductInput = {
  brandId?: string | number | null | undefined;
  categoryName?: string | null | undefined;
  description?: string | null | undefined;
  images?: Array<ProductImageInput> | null | undefined;
  name?: string | null | undefined;
  originUrl?: string | null | undefined;
  packageDimensions?: DimensionsInput | null | undefined;
  packageWeight?: WeightInput | null | undefined;
  status?: ProductStatus | null | undefined;
  variants?: Array<VariantInput> | null | undefined;
};

export type UpdateShopInput = {
  commissionRate?: number | null | undefined;
  name?: string | null | undefined;
};

export type UpdateUserSettingsInput = {
  settings: Array<UserSettingInput>;
};

export type UserSettingInput = {
  name: SettingKey;
  value: string;
};

export type VariantAttributeInput = {
  name: string;
  value: string;
};

export type VariantInput = {
  action: ChangeAction;
  attributes?: Array<VariantAttributeInput> | null | undefined;
  /** required for UPDATE / DELETE / UNCHANGED */
  id?: string | number | null | undefined;
  listPrice?: number | null | undefined;
  quantity?: number | null | undefined;
  salePrice?: number | null | undefined;
  sku?: string | null | undefined;
};

export type WeightInput = {
  unit: WeightUnit;
  value: number;
};

export type WeightUnit =
  | 'KILOGRAM'
  | 'POUND';

export type PreviewMockupsQueryVariables = Exact<{
  templateId: string | number;
  design: MockupDesignInput;
}>;


export type PreviewMockupsQuery = { previewMockups: Array<{ blankId: string, side: DesignSide, imageUrl: string }> };

export type ChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type ChangePasswordMutation = { changePassword: boolean };

export type UpdateUserSettingsMutationVariables = Exact<{
  input: UpdateUserSettingsInput;
}>;


export type UpdateUserSettingsMutation = { updateUserSettings: Array<{ id: string, name: SettingKey, value: string, createdAt: string }> };

export type ReloginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type ReloginMutation = { login: { accessToken: string } };

export type GetTelegramUserQueryVariables = Exact<{ [key: string]: never; }>;


export type GetTelegramUserQuery = { getTelegramUser: { id: string, firstName: string | null, lastName: string | null, username: string | null } | null };

export type GetTelegramAlertsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetTelegramAlertsQuery = { getTelegramAlerts: Array<TelegramAlert> };

export type CreateTelegramLinkMutationVariables = Exact<{ [key: string]: never; }>;


export type CreateTelegramLinkMutation = { createTelegramLink: { url: string, botUsername: string, expiresAt: string } };

export type DisconnectTelegramBotMutationVariables = Exact<{
  id: string | number;
}>;


export type DisconnectTelegramBotMutation = { disconnectTelegramBot: boolean };

export type SetTelegramAlertsMutationVariables = Exact<{
  alerts: Array<TelegramAlert> | TelegramAlert;
}>;


export type SetTelegramAlertsMutation = { setTelegramAlerts: Array<TelegramAlert> };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { accessToken: string } };

export type ForgotPasswordMutationVariables = Exact<{
  email: string;
}>;


export type ForgotPasswordMutation = { forgotPassword: boolean };

export type ResetPasswordWithTokenMutationVariables = Exact<{
  token: string;
  password: string;
}>;


export type ResetPasswordWithTokenMutation = { resetPasswordWithToken: boolean };

export type SignUpClientMutationVariables = Exact<{
  input: SignUpClientInput;
}>;


export type SignUpClientMutation = { signUpClient: boolean };

export type CheckDuplicateClientKeyMutationVariables = Exact<{
  key: string;
}>;


export type CheckDuplicateClientKeyMutation = { checkDuplicateClientKey: boolean };

export type VerifyClientMutationVariables = Exact<{
  token: string;
}>;


export type VerifyClientMutation = { verifyClient: boolean };

export type ClientsQueryVariables = Exact<{
  filter?: ClientSubscriptionFilter | null | undefined;
}>;


export type ClientsQuery = { getClientSubscriptions: { items: Array<{ id: string, balance: number, endDate: string | null, isActive: boolean, isExpired: boolean, totalShops: number, totalUsers: number, client: { id: string, name: string, key: string, createdAt: string }, plan: { id: string, type: PlanType } | null }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type ClientDetailQueryVariables = Exact<{
  clientId: string | number;
}>;


export type ClientDetailQuery = { getClientSubscription: { id: string, startDate: string | null, endDate: string | null, balance: number, isActive: boolean, isExpired: boolean, totalShops: number, totalUsers: number, listingsThisMonth: number, fulfillmentsThisMonth: number, bankTransferReference: string, client: { id: string, name: string, key: string, isActive: boolean, createdAt: string }, plan: { id: string, type: PlanType, salePrice: number, durationDays: number } | null, effectivePlan: { id: string, type: PlanType, maxShops: number, monthlyListings: number | null, monthlyFulfillments: number | null } | null } | null };

export type ClientTransactionsQueryVariables = Exact<{
  clientId: string | number;
  limit?: number | null | undefined;
  page?: number | null | undefined;
}>;


export type ClientTransactionsQuery = { getTransactionPage: { items: Array<{ id: string, createdAt: string, amount: number, content: string, type: TransactionType }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type ClientUsersQueryVariables = Exact<{
  clientId: string | number;
  limit?: number | null | undefined;
  page?: number | null | undefined;
}>;


export type ClientUsersQuery = { getUsers: { items: Array<{ id: string, email: string, firstName: string, lastName: string, role: Role, createdAt: string }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type ClientShopsQueryVariables = Exact<{
  filter?: ShopFilter | null | undefined;
}>;


export type ClientShopsQuery = { getShops: { items: Array<{ id: string, name: string, saleChannel: SaleChannel, targetMarket: TargetMarket, connection: ShopConnection, createdAt: string, lastSyncedAt: string | null }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type AddClientBalanceMutationVariables = Exact<{
  clientId: string | number;
  amount: number;
  note?: string | null | undefined;
}>;


export type AddClientBalanceMutation = { addClientBalance: { id: string, balance: number } };

export type UpdateClientMutationVariables = Exact<{
  id: string | number;
  input: UpdateClientInput;
}>;


export type UpdateClientMutation = { updateClient: { id: string, name: string, isActive: boolean } };

export type ConsolePlansQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsolePlansQuery = { getAllSubscriptionPlans: Array<{ id: string, type: PlanType, description: string, features: Array<string>, salePrice: number, basePrice: number, maxShops: number, durationDays: number, monthlyListings: number | null, monthlyFulfillments: number | null, promotions: boolean }> };

export type UpdateSubscriptionPlanMutationVariables = Exact<{
  id: string | number;
  input: SubscriptionPlanInput;
}>;


export type UpdateSubscriptionPlanMutation = { updateSubscriptionPlan: { id: string, type: PlanType, description: string, features: Array<string>, salePrice: number, basePrice: number, maxShops: number, durationDays: number, monthlyListings: number | null, monthlyFulfillments: number | null, promotions: boolean } };

export type DashboardSummaryQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type DashboardSummaryQuery = { getOrderSummary: { totalOrders: number, revenueEstimate: number, ffTotalAmount: number, totalRefund: number, totalNetAmount: number } };

export type DashboardNeedActionQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type DashboardNeedActionQuery = { getOrderNeedAction: { orderNeedIn24h: number, orderOverDate: number } };

export type DashboardSoldProductsQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type DashboardSoldProductsQuery = { getSoldProducts: Array<{ totalSold: number, sellerProductId: string | null, productName: string, productImage: string | null }> };

export type DashboardDayStatsQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type DashboardDayStatsQuery = { getOrderStats: Array<{ date: string, orders: number, revenue: number, net: number }> };

export type DashboardFailedJobsQueryVariables = Exact<{
  filter?: EventHistoryFilter | null | undefined;
}>;


export type DashboardFailedJobsQuery = { getEventHistories: { items: Array<{ id: string, type: string, error: string | null, attempts: number, updatedAt: string }>, pageInfo: { totalCount: number } } };

export type DashboardCatalogueSizeQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardCatalogueSizeQuery = { getProducts: { pageInfo: { totalCount: number } } };

export type FulfillmentProductsQueryVariables = Exact<{
  providerId: string | number;
  filter?: FulfillmentProductFilter | null | undefined;
}>;


export type FulfillmentProductsQuery = { getFulfillmentProducts: { items: Array<{ id: string, name: string, image: string | null, description: string | null, printAreas: Array<string>, variants: Array<{ sku: string, size: string | null, color: string | null, colorCode: string | null, stock: number | null, printArea: string | null, cost: number | null }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type PrintifyBlueprintsQueryVariables = Exact<{ [key: string]: never; }>;


export type PrintifyBlueprintsQuery = { getPrintifyBlueprints: Array<{ id: string, title: string, brand: string | null, model: string | null, images: Array<string>, description: string | null }> };

export type PrintifyPrintProvidersQueryVariables = Exact<{
  blueprintId: string | number;
}>;


export type PrintifyPrintProvidersQuery = { getPrintifyPrintProviders: Array<{ id: string, title: string }> };

export type PrintifyVariantsQueryVariables = Exact<{
  blueprintId: string | number;
  printProviderId: string | number;
}>;


export type PrintifyVariantsQuery = { getPrintifyVariants: Array<{ id: string, title: string, options: unknown, placeholders: unknown }> };

export type MangoteeProductLinesQueryVariables = Exact<{ [key: string]: never; }>;


export type MangoteeProductLinesQuery = { getMangoteeProductLines: Array<{ id: string, name: string, sku: string | null, stock: number | null }> };

export type MangoteeProductsQueryVariables = Exact<{
  filter?: MangoteeProductFilter | null | undefined;
}>;


export type MangoteeProductsQuery = { getMangoteeProducts: Array<{ id: string, name: string, sku: string | null, stock: number | null }> };

export type MangoteeVariantsQueryVariables = Exact<{
  productId: string | number;
  productLineId: string | number;
}>;


export type MangoteeVariantsQuery = { getMangoteeVariants: Array<{ id: string, name: string, sku: string, stock: number }> };

export type FulfillmentOrdersQueryVariables = Exact<{
  filter?: FulfillmentOrderFilter | null | undefined;
}>;


export type FulfillmentOrdersQuery = { getFulfillmentOrders: { items: Array<{ id: string, externalId: string | null, refOrderId: string | null, status: FulfillmentOrderStatus, providerStatus: string | null, error: string | null, totalAmount: number | null, trackingNumber: string | null, trackingUrl: string | null, trackingCompany: string | null, shippingName: string, shippingCity: string, shippingRegionCode: string, createdAt: string, updatedAt: string, provider: { id: string, provider: FulfillmentProviderType, name: string | null }, order: { id: string, externalOrderId: string, shop: { id: string, name: string } | null } | null, items: Array<{ id: string, quantity: number }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type FulfillmentOrderDetailQueryVariables = Exact<{
  orderId: string | number;
}>;


export type FulfillmentOrderDetailQuery = { getFulfillmentOrderById: { id: string, externalId: string | null, refOrderId: string | null, status: FulfillmentOrderStatus, providerStatus: string | null, error: string | null, totalAmount: number | null, labelUrl: string | null, trackingNumber: string | null, trackingUrl: string | null, trackingCompany: string | null, shippingName: string, shippingPhone: string | null, shippingAddress1: string, shippingAddress2: string | null, shippingCity: string, shippingState: string | null, shippingPostalCode: string, shippingRegionCode: string, shippingMethod: string | null, createdAt: string, submittedAt: string | null, updatedAt: string, provider: { id: string, provider: FulfillmentProviderType, name: string | null }, order: { id: string, externalOrderId: string, shop: { id: string, name: string } | null } | null, items: Array<{ id: string, fulfillmentSku: string, quantity: number, image: string | null, designFrontUrl: string | null, designBackUrl: string | null, bgColorCode: string | null, cost: number | null }> } };

export type CreateFulfillmentOrderMutationVariables = Exact<{
  input: CreateFulfillmentOrderInput;
}>;


export type CreateFulfillmentOrderMutation = { createFulfillmentOrder: { id: string, status: FulfillmentOrderStatus, externalId: string | null, totalAmount: number | null } };

export type CreateSimpleFulfillmentOrderMutationVariables = Exact<{
  input: CreateSimpleFulfillmentOrderInput;
}>;


export type CreateSimpleFulfillmentOrderMutation = { createSimpleFulfillmentOrder: string };

export type RemoveFulfillmentOrderMutationVariables = Exact<{
  orderId: string | number;
}>;


export type RemoveFulfillmentOrderMutation = { removeFulfillmentOrder: boolean };

export type FulfillmentSourceOrderQueryVariables = Exact<{
  orderId: string | number;
}>;


export type FulfillmentSourceOrderQuery = { getOrderById: { id: string, externalOrderId: string, recipientName: string | null, recipientPhone: string | null, recipientAddress: string | null, recipientAddress1: string | null, recipientAddress2: string | null, recipientCity: string | null, recipientState: string | null, recipientRegionCode: string | null, recipientPostalCode: string | null, shop: { id: string, name: string }, items: Array<{ id: string, productName: string, skuName: string | null, skuImage: string | null, quantity: number, sellerSku: string | null, skuId: string | null, catalogueProductId: string | null }> } };

export type FulfillmentDesignsQueryVariables = Exact<{
  filter?: ProductDesignFilter | null | undefined;
}>;


export type FulfillmentDesignsQuery = { getFullListProductDesigns: Array<{ id: string, variant: string | null, designFrontUrl: string | null, designBackUrl: string | null }> };

export type FulfillmentSkuMappingsQueryVariables = Exact<{
  providerId: string | number;
  orderItemIds: Array<string | number> | string | number;
}>;


export type FulfillmentSkuMappingsQuery = { getFulfillmentSkuMappings: Array<{ orderItemId: string, fulfillmentSku: string, designFrontUrl: string | null, designBackUrl: string | null, fromTemplate: boolean, cost: number | null }> };

export type FulfillmentProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type FulfillmentProvidersQuery = { getFulfillmentProviders: Array<{ id: string, provider: FulfillmentProviderType, name: string | null, shopId: string | null, createdAt: string | null }> };

export type SimpleFulfillmentProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type SimpleFulfillmentProvidersQuery = { getSimpleFulfillmentProviders: Array<{ id: string, provider: FulfillmentProviderType, name: string | null }> };

export type CreateFulfillmentProviderMutationVariables = Exact<{
  input: CreateFulfillmentProviderInput;
}>;


export type CreateFulfillmentProviderMutation = { createFulfillmentProvider: { id: string, provider: FulfillmentProviderType, name: string | null, shopId: string | null, createdAt: string | null } };

export type RemoveFulfillmentProviderMutationVariables = Exact<{
  providerId: string | number;
}>;


export type RemoveFulfillmentProviderMutation = { removeFulfillmentProvider: boolean };

export type PrintifyShopsQueryVariables = Exact<{ [key: string]: never; }>;


export type PrintifyShopsQuery = { getPrintifyShops: Array<{ id: string, title: string, sales_channel: string }> };

export type GetQueueStatsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetQueueStatsQuery = { getQueueStats: Array<{ type: string, pending: number, processing: number, succeeded: number, failed: number }> };

export type GetWorkersQueryVariables = Exact<{ [key: string]: never; }>;


export type GetWorkersQuery = { getWorkers: Array<{ id: string, queues: Array<string>, lastSeenAt: string }> };

export type GetEventHistoriesQueryVariables = Exact<{
  filter?: EventHistoryFilter | null | undefined;
}>;


export type GetEventHistoriesQuery = { getEventHistories: { items: Array<{ id: string, type: string, status: JobStatus, error: string | null, event: unknown, attempts: number, batchId: string | null, clientId: string | null, createdAt: string, updatedAt: string }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type GetJobBatchQueryVariables = Exact<{
  id: string | number;
}>;


export type GetJobBatchQuery = { getJobBatch: { id: string, type: string, total: number, pending: number, processing: number, succeeded: number, failed: number, createdAt: string } };

export type RetryEventHistoryMutationVariables = Exact<{
  id: string | number;
}>;


export type RetryEventHistoryMutation = { retryEventHistory: { id: string, status: JobStatus, attempts: number, updatedAt: string } };

export type GetFulfillmentDriftsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetFulfillmentDriftsQuery = { getFulfillmentDrifts: Array<{ id: string, clientId: string, providerId: string, kind: FulfillmentDriftKind, providerOrderId: string | null, fulfillmentOrderId: string | null, detail: string, foundAt: string }> };

export type OrdersQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type OrdersQuery = { getOrders: { items: Array<{ id: string, externalOrderId: string, status: OrderStatus, marketplaceStatus: string | null, totalAmount: number, refundAmount: number, createdAt: string, shipByAt: string | null, isLate: boolean, isDueSoon: boolean, recipientName: string | null, shop: { id: string, name: string, saleChannel: SaleChannel }, items: Array<{ id: string, productName: string, skuName: string | null, skuImage: string | null, quantity: number }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type OrderStatusCountsQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type OrderStatusCountsQuery = { getOrderStatusCounts: Array<{ status: OrderStatus, count: number }> };

export type OrderDetailQueryVariables = Exact<{
  orderId: string | number;
}>;


export type OrderDetailQuery = { getOrderById: { id: string, externalOrderId: string, status: OrderStatus, marketplaceStatus: string | null, allowedStatuses: Array<OrderStatus>, createdAt: string, updatedAt: string, shipByAt: string | null, isLate: boolean, isDueSoon: boolean, totalAmount: number, refundAmount: number, revenueEstimate: number, buyerEmail: string | null, buyerMessage: string | null, recipientName: string | null, recipientPhone: string | null, recipientAddress: string | null, recipientAddress1: string | null, recipientAddress2: string | null, recipientCity: string | null, recipientState: string | null, recipientRegionCode: string | null, recipientPostalCode: string | null, shop: { id: string, name: string, saleChannel: SaleChannel }, owner: { id: string, firstName: string, lastName: string } | null, items: Array<{ id: string, productName: string, skuName: string | null, skuImage: string | null, quantity: number, salePrice: number, originalPrice: number, sellerSku: string | null, sellerProductId: string | null, originProductUrl: string | null }>, profit: { sale: number, commissionFee: number, transactionFee: number, shippingFee: number, totalFees: number, feesSettled: boolean, fulfillmentCost: number, refund: number, net: number }, timeline: Array<{ id: string, source: OrderEventSource, fromStatus: OrderStatus | null, toStatus: OrderStatus, marketplaceStatus: string | null, createdAt: string, user: { id: string, firstName: string, lastName: string } | null }> } };

export type UpdateOrderStatusMutationVariables = Exact<{
  orderId: string | number;
  status: OrderStatus;
}>;


export type UpdateOrderStatusMutation = { updateOrderStatus: { id: string, status: OrderStatus } };

export type ExportOrdersMutationVariables = Exact<{
  filter?: OrderFilter | null | undefined;
}>;


export type ExportOrdersMutation = { exportOrders: { id: string, status: OrderExportStatus, totalRows: number, doneRows: number, downloadUrl: string | null, fileName: string, error: string | null, createdAt: string } };

export type OrderExportStatusQueryVariables = Exact<{
  id: string | number;
}>;


export type OrderExportStatusQuery = { getOrderExport: { id: string, status: OrderExportStatus, totalRows: number, doneRows: number, downloadUrl: string | null, fileName: string, error: string | null, createdAt: string } };

export type GetListProductDesignsQueryVariables = Exact<{
  filter?: ProductDesignFilter | null | undefined;
}>;


export type GetListProductDesignsQuery = { getListProductDesigns: { items: Array<{ id: string, externalProductId: string | null, sellerProductId: string | null, images: Array<string>, designFrontUrl: string | null, designBackUrl: string | null, designSleeveUrl: string | null, designHoodUrl: string | null, variant: string | null, product: { id: string, name: string } | null }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type RemoveProductDesignMutationVariables = Exact<{
  designId: string | number;
}>;


export type RemoveProductDesignMutation = { removeProductDesign: boolean };

export type CacheProductDesignMutationVariables = Exact<{
  input: CacheProductDesignInput;
}>;


export type CacheProductDesignMutation = { cacheProductDesign: { id: string } };

export type DesignProductOptionsQueryVariables = Exact<{
  search?: string | null | undefined;
  filter?: ProductFilter | null | undefined;
}>;


export type DesignProductOptionsQuery = { getProducts: { items: Array<{ id: string, name: string }> } };

export type GetProductTemplatesQueryVariables = Exact<{
  filter?: ProductTemplateFilter | null | undefined;
}>;


export type GetProductTemplatesQuery = { getProductTemplates: { items: Array<{ id: string, name: string, title: string, type: ProductType, status: TemplateStatus, tiktokCategoryId: string | null, images: Array<string>, variants: unknown, priceFormula: string | null, createdAt: string }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type GetProductTemplateQueryVariables = Exact<{
  templateId: string | number;
}>;


export type GetProductTemplateQuery = { getProductTemplate: { id: string, name: string, title: string, description: string | null, tiktokCategoryId: string | null, tiktokBrandId: string | null, images: Array<string>, sizeChart: string | null, variants: unknown, tiktokProductAttribute: unknown, amazonProductType: string | null, amazonAttributes: unknown, walmartCategory: string | null, walmartItemSpec: unknown, priceFormula: string | null, type: ProductType, status: TemplateStatus, createdAt: string, packageWeight: { value: number, unit: WeightUnit } | null, packageDimensions: { width: number, height: number, length: number, unit: DimensionUnit } | null, mockupBlanks: Array<{ id: string, side: DesignSide, imageUrl: string, width: number, height: number, position: number, printArea: { x: number, y: number, width: number, height: number } }> } };

export type CreateProductTemplateMutationVariables = Exact<{
  input: ProductTemplateInput;
}>;


export type CreateProductTemplateMutation = { createProductTemplate: { id: string, name: string } };

export type UpdateProductTemplateMutationVariables = Exact<{
  templateId: string | number;
  input: ProductTemplateInput;
}>;


export type UpdateProductTemplateMutation = { updateProductTemplate: { id: string, name: string } };

export type RemoveProductTemplateMutationVariables = Exact<{
  templateId: string | number;
}>;


export type RemoveProductTemplateMutation = { removeProductTemplate: boolean };

export type GetLocalTiktokCategoriesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetLocalTiktokCategoriesQuery = { getLocalTiktokCategories: Array<{ id: string, parentId: string | null, name: string, isLeaf: boolean, permissionStatuses: Array<string> }> };

export type GetTiktokCategoryAttributesQueryVariables = Exact<{
  categoryId: string | number;
}>;


export type GetTiktokCategoryAttributesQuery = { getTiktokCategoryAttributes: Array<{ id: string, name: string, type: string, is_requried: boolean, is_customizable: boolean, is_multiple_selection: boolean, value_data_format: string | null, values: Array<{ id: string, name: string }>, requirement_conditions: Array<{ condition_type: string, attribute_id: string, attribute_value_id: string | null }> }> };

export type GetTiktokBrandsQueryVariables = Exact<{
  brandName?: string | null | undefined;
}>;


export type GetTiktokBrandsQuery = { getTiktokBrands: Array<{ id: string, name: string, authorized_status: string | null, brand_status: string | null, is_t1_brand: boolean }> };

export type GetTiktokCategoryRulesQueryVariables = Exact<{
  categoryId: string | number;
}>;


export type GetTiktokCategoryRulesQuery = { getTiktokCategoryRules: { categoryId: string, known: boolean, packageWeightRequired: boolean, packageDimensionsRequired: boolean, sizeChartRequired: boolean, minImages: number, requiredAttributes: Array<{ id: string, name: string, whenAttributeId: string | null, whenValueId: string | null }> } };

export type GetProductsQueryVariables = Exact<{
  search?: string | null | undefined;
  filter?: ProductFilter | null | undefined;
}>;


export type GetProductsQuery = { getProducts: { items: Array<{ id: string, name: string, status: ProductStatus, type: ProductType, source: ProductType, createdAt: string, updatedAt: string, images: Array<{ id: string, imageUrl: string, isPrimary: boolean, sequence: number }>, publishedShops: Array<{ id: string, name: string, liveStatus: LiveStatus, productId: string | null, failed: boolean, errorMessages: Array<string>, listingMode: ListingMode | null }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type GetProductByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type GetProductByIdQuery = { getProductById: { id: string, name: string, mockupImages: Array<string>, description: string | null, status: ProductStatus, source: ProductType, type: ProductType, originUrl: string | null, createdAt: string, updatedAt: string, brand: { id: string | null, name: string } | null, category: { id: string | null, name: string } | null, images: Array<{ id: string, imageUrl: string, isPrimary: boolean, sequence: number }>, publishedShops: Array<{ id: string, name: string, liveStatus: LiveStatus, productId: string | null, failed: boolean, errorMessages: Array<string>, listingMode: ListingMode | null }>, packageWeight: { value: number, unit: WeightUnit } | null, packageDimensions: { width: number, height: number, length: number, unit: DimensionUnit } | null } };

export type GetProductVariantsQueryVariables = Exact<{
  productId: string | number;
}>;


export type GetProductVariantsQuery = { getProductVariants: Array<{ id: string, sku: string, quantity: number, salePrice: number, listPrice: number, attributes: Array<{ id: string, value: string, attribute: { id: string, name: string } }> }> };

export type UpdateProductMutationVariables = Exact<{
  id: string | number;
  input: UpdateProductInput;
}>;


export type UpdateProductMutation = { updateProduct: string };

export type DeleteProductMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteProductMutation = { deleteProduct: boolean };

export type BulkDeleteProductsMutationVariables = Exact<{
  productIds: Array<string | number> | string | number;
}>;


export type BulkDeleteProductsMutation = { bulkDeleteProducts: number };

export type BulkApplyTemplateMutationVariables = Exact<{
  input: BulkApplyTemplateInput;
}>;


export type BulkApplyTemplateMutation = { bulkApplyTemplate: { successfulProducts: Array<string>, batchId: string | null } };

export type BulkListingProductMutationVariables = Exact<{
  input: BulkListingProductInput;
}>;


export type BulkListingProductMutation = { bulkListingProduct: { batchId: string, queued: number } };

export type BulkRenderMockupsMutationVariables = Exact<{
  productIds: Array<string | number> | string | number;
}>;


export type BulkRenderMockupsMutation = { bulkRenderMockups: { batchId: string, queued: number } };

export type BulkPublishProductsMutationVariables = Exact<{
  input: BulkPublishProductsInput;
}>;


export type BulkPublishProductsMutation = { bulkPublishProducts: { batchId: string, queued: number } };

export type BulkGenerateTiktokProductSkuMutationVariables = Exact<{
  shopId: string | number;
  productIds: Array<string | number> | string | number;
}>;


export type BulkGenerateTiktokProductSkuMutation = { bulkGenerateTiktokProductSKU: { batchId: string, queued: number } | null };

export type CreateProductWithTemplateMutationVariables = Exact<{
  input: CreateProductWithTemplateInput;
}>;


export type CreateProductWithTemplateMutation = { createProductWithTemplate: Array<string> };

export type GetBrandsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetBrandsQuery = { getBrands: Array<{ id: string, name: string }> };

export type PromotionProductsQueryVariables = Exact<{
  search?: string | null | undefined;
  filter?: ProductFilter | null | undefined;
}>;


export type PromotionProductsQuery = { getProducts: { items: Array<{ id: string, name: string, images: Array<{ id: string, imageUrl: string, isPrimary: boolean }>, publishedShops: Array<{ id: string, name: string, liveStatus: LiveStatus }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type PromotionProductVariantsQueryVariables = Exact<{
  productId: string | number;
}>;


export type PromotionProductVariantsQuery = { getProductVariants: Array<{ id: string, sku: string, salePrice: number, quantity: number, attributes: Array<{ id: string, value: string, attribute: { id: string, name: string } }> }> };

export type PromotionLiveProductsQueryVariables = Exact<{
  shopId: string | number;
  filter?: MarketplaceProductFilter | null | undefined;
}>;


export type PromotionLiveProductsQuery = { searchTiktokProducts: { total_count: number, products: Array<{ id: string, title: string, status: string, skus: Array<{ id: string, seller_sku: string | null, price: { currency: string, sale_price: string | null } | null }> }> } };

export type GetPromotionPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type GetPromotionPlansQuery = { getPromotionPlans: Array<{ id: string, title: string, type: PromotionType, duration: number, productLevel: ItemKind, discount: number }> };

export type CreatePromotionPlanMutationVariables = Exact<{
  input: PromotionPlanInput;
}>;


export type CreatePromotionPlanMutation = { createPromotionPlan: string };

export type UpdatePromotionPlanMutationVariables = Exact<{
  id: string | number;
  input: PromotionPlanInput;
}>;


export type UpdatePromotionPlanMutation = { updatePromotionPlan: { id: string, title: string, type: PromotionType, duration: number, productLevel: ItemKind, discount: number } };

export type RemovePromotionPlanMutationVariables = Exact<{
  id: string | number;
}>;


export type RemovePromotionPlanMutation = { removePromotionPlan: boolean };

export type GetTiktokPromotionsQueryVariables = Exact<{
  filter?: TiktokPromotionFilter | null | undefined;
}>;


export type GetTiktokPromotionsQuery = { getTiktokPromotions: { items: Array<{ id: string, activityId: string | null, title: string, activityType: PromotionType, beginTime: string, endTime: string, productLevel: ItemKind, status: JobStatus, failedItemsCount: number, successItemsCount: number, autoRenew: boolean, activityStatus: PromotionActivityStatus | null, nextRenewalAt: string | null, error: string | null, discount: number, duration: number, deactivatedAt: string | null, createdAt: string, syncShop: { id: string, shopName: string } }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type BulkUpdateTiktokPromotionMutationVariables = Exact<{
  input: BulkUpdateTiktokPromotionInput;
}>;


export type BulkUpdateTiktokPromotionMutation = { bulkUpdateTiktokPromotion: number };

export type CreateTiktokPromotionScheduleMutationVariables = Exact<{
  input: CreateTiktokPromotionScheduleInput;
}>;


export type CreateTiktokPromotionScheduleMutation = { createTiktokPromotionSchedule: { batchId: string, queued: number } };

export type PromotionHistoryQueryVariables = Exact<{
  filter?: TiktokPromotionFilter | null | undefined;
}>;


export type PromotionHistoryQuery = { getTiktokPromotions: { items: Array<{ id: string, windows: Array<{ id: string, seq: number, title: string, beginTime: string, endTime: string, activityId: string | null, activityStatus: PromotionActivityStatus | null, status: JobStatus, error: string | null, successItemsCount: number, failedItemsCount: number, droppedItemsCount: number, createdAt: string, failedItems: Array<{ id: string, productId: string | null, externalProductId: string | null, title: string | null, activityPrice: number | null, status: PromotionItemStatus, reason: string | null }> }> }> } };

export type GetAllShopProductsQueryVariables = Exact<{
  filter?: ShopProductFilter | null | undefined;
}>;


export type GetAllShopProductsQuery = { getAllShopProducts: { items: Array<{ id: string, shopId: string, shopName: string, externalId: string | null, brandName: string | null, categoryName: string | null, liveStatus: LiveStatus, errorMessages: Array<string>, failed: boolean, listingMode: ListingMode | null, updatedAt: string, errors: Array<{ field: string | null, message: string }>, product: { id: string, name: string, status: ProductStatus, images: Array<{ id: string, imageUrl: string, isPrimary: boolean }> } }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type RemoveListingMutationVariables = Exact<{
  shopId: string | number;
  shopProductId: string | number;
}>;


export type RemoveListingMutation = { removeShopProduct: boolean };

export type BulkRemoveListingsMutationVariables = Exact<{
  shopId: string | number;
  shopProductIds: Array<string | number> | string | number;
}>;


export type BulkRemoveListingsMutation = { bulkRemoveShopProduct: { batchId: string, queued: number } };

export type RetryShopListingMutationVariables = Exact<{
  input: BulkListingProductInput;
}>;


export type RetryShopListingMutation = { bulkListingProduct: { batchId: string, queued: number } };

export type GetShopsQueryVariables = Exact<{
  filter?: ShopFilter | null | undefined;
}>;


export type GetShopsQuery = { getShops: { items: Array<{ id: string, name: string, saleChannel: SaleChannel, targetMarket: TargetMarket, commissionRate: number, status: LiveStatus, connection: ShopConnection, createdAt: string, lastSyncedAt: string | null, assignedUserIds: Array<string>, warehouseCount: number }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type GetShopQueryVariables = Exact<{
  id: string | number;
}>;


export type GetShopQuery = { getShop: { id: string, name: string, saleChannel: SaleChannel, targetMarket: TargetMarket, commissionRate: number, status: LiveStatus, connection: ShopConnection, createdAt: string, lastSyncedAt: string | null, assignedUserIds: Array<string>, warehouseCount: number } };

export type GenerateAuthorizeLinkMutationVariables = Exact<{
  targetMarket: TargetMarket;
  saleChannel: SaleChannel;
}>;


export type GenerateAuthorizeLinkMutation = { generateAuthorizeLink: string };

export type AuthorizeShopMutationVariables = Exact<{
  input: AuthorizeShopInput;
}>;


export type AuthorizeShopMutation = { authorizeShop: { id: string, name: string, saleChannel: SaleChannel } };

export type UpdateShopMutationVariables = Exact<{
  id: string | number;
  input: UpdateShopInput;
}>;


export type UpdateShopMutation = { updateShop: { id: string, name: string, commissionRate: number } };

export type ConnectWalmartShopMutationVariables = Exact<{
  input: ConnectWalmartShopInput;
}>;


export type ConnectWalmartShopMutation = { connectWalmartShop: { id: string, name: string, saleChannel: SaleChannel } };

export type RemoveShopMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveShopMutation = { removeShop: boolean };

export type ReassignShopMutationVariables = Exact<{
  input: ReassignShopInput;
}>;


export type ReassignShopMutation = { reassignShop: { id: string, assignedUserIds: Array<string> } };

export type SyncShopMutationVariables = Exact<{
  id: string | number;
}>;


export type SyncShopMutation = { syncShop: { batchId: string, queued: number } };

export type GetWarehousesQueryVariables = Exact<{
  shopId: string | number;
}>;


export type GetWarehousesQuery = { getWarehouses: Array<{ id: string, externalId: string, name: string, isDefault: boolean, additionalData: unknown }> };

export type SyncWarehouseMutationVariables = Exact<{
  id: string | number;
}>;


export type SyncWarehouseMutation = { syncWarehouse: { batchId: string, queued: number } };

export type GetShopProductsQueryVariables = Exact<{
  shopId: string | number;
  filter?: ShopProductFilter | null | undefined;
}>;


export type GetShopProductsQuery = { getShopProducts: { items: Array<{ id: string, brandName: string | null, categoryName: string | null, liveStatus: LiveStatus, errorMessages: Array<string>, updatedAt: string, externalId: string | null, shopId: string, shopName: string, product: { id: string, name: string, status: ProductStatus, images: Array<{ id: string, imageUrl: string, isPrimary: boolean }> } }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type RemoveShopProductMutationVariables = Exact<{
  shopId: string | number;
  shopProductId: string | number;
}>;


export type RemoveShopProductMutation = { removeShopProduct: boolean };

export type BulkRemoveShopProductMutationVariables = Exact<{
  shopId: string | number;
  shopProductIds: Array<string | number> | string | number;
}>;


export type BulkRemoveShopProductMutation = { bulkRemoveShopProduct: { batchId: string, queued: number } };

export type SearchTiktokProductsQueryVariables = Exact<{
  shopId: string | number;
  filter?: MarketplaceProductFilter | null | undefined;
}>;


export type SearchTiktokProductsQuery = { searchTiktokProducts: { total_count: number, next_page_token: string | null, products: Array<{ id: string, title: string, status: string, is_not_for_sale: boolean, create_time: number, update_time: number, skus: Array<{ id: string, seller_sku: string | null, price: { currency: string, sale_price: string | null, tax_exclusive_price: string | null } | null, inventory: Array<{ warehouse_id: string, quantity: number }> }> }> } };

export type GetTiktokProductDetailQueryVariables = Exact<{
  shopId: string | number;
  productId: string | number;
}>;


export type GetTiktokProductDetailQuery = { getTiktokProductDetail: { id: string, title: string, description: string | null, status: string, category_chains: Array<{ id: string, local_name: string, parent_id: string | null, is_leaf: boolean }>, brand: { id: string, name: string } | null, main_images: Array<{ uri: string, urls: Array<string> }>, skus: Array<{ id: string, seller_sku: string | null, price: { currency: string, sale_price: string | null, tax_exclusive_price: string | null } | null, inventory: Array<{ warehouse_id: string, quantity: number }> }> } };

export type SubscriptionPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type SubscriptionPlansQuery = { getAllSubscriptionPlans: Array<{ id: string, type: PlanType, description: string, features: Array<string>, salePrice: number, basePrice: number, maxShops: number, durationDays: number, monthlyListings: number | null, monthlyFulfillments: number | null, promotions: boolean }> };

export type MySubscriptionQueryVariables = Exact<{
  clientId: string | number;
}>;


export type MySubscriptionQuery = { getClientSubscription: { id: string, startDate: string | null, endDate: string | null, balance: number, isExpired: boolean, totalShops: number, listingsThisMonth: number, fulfillmentsThisMonth: number, bankTransferReference: string, plan: { id: string, type: PlanType, salePrice: number, durationDays: number } | null, effectivePlan: { id: string, type: PlanType, maxShops: number, monthlyListings: number | null, monthlyFulfillments: number | null, promotions: boolean } | null } | null };

export type MyTransactionsQueryVariables = Exact<{
  clientId: string | number;
  limit?: number | null | undefined;
  page?: number | null | undefined;
}>;


export type MyTransactionsQuery = { getTransactionPage: { items: Array<{ id: string, createdAt: string, amount: number, content: string, type: TransactionType }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type SubscribeAPlanMutationVariables = Exact<{
  planId: string | number;
}>;


export type SubscribeAPlanMutation = { subscribeAPlan: { id: string, startDate: string | null, endDate: string | null, balance: number, plan: { id: string, type: PlanType } | null } };

export type CreateTopUpCheckoutMutationVariables = Exact<{
  amount: number;
}>;


export type CreateTopUpCheckoutMutation = { createTopUpCheckout: { url: string, payment: { id: string, amount: number, status: TopUpStatus } } };

export type TopUpPaymentQueryVariables = Exact<{
  id: string | number;
}>;


export type TopUpPaymentQuery = { getTopUpPayment: { id: string, amount: number, currency: string, status: TopUpStatus, createdAt: string, paidAt: string | null } };

export type GetUsersQueryVariables = Exact<{
  limit?: number | null | undefined;
  page?: number | null | undefined;
}>;


export type GetUsersQuery = { getUsers: { items: Array<{ id: string, email: string, firstName: string, lastName: string, role: Role, createdAt: string, shops: Array<{ id: string, name: string }> }>, pageInfo: { totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean } } };

export type CreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type CreateUserMutation = { signUp: string };

export type RemoveUserMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveUserMutation = { removeUser: boolean };

export type ResetPasswordMutationVariables = Exact<{
  userId: string | number;
}>;


export type ResetPasswordMutation = { resetPassword: boolean };

export type ApiClientProbeQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiClientProbeQuery = { getQueueStats: Array<{ type: string }> };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { getMe: { id: string, email: string, firstName: string, lastName: string, role: Role, createdAt: string, client: { id: string, name: string, key: string, isActive: boolean, promotionsEnabled: boolean } | null, settings: Array<{ id: string, name: SettingKey, value: string, createdAt: string }> } };

export type JobBatchProgressQueryVariables = Exact<{
  id: string | number;
}>;


export type JobBatchProgressQuery = { getJobBatch: { id: string, type: string, total: number, pending: number, processing: number, succeeded: number, failed: number, createdAt: string, nextRunAt: string | null, failures: Array<{ jobId: string, label: string, error: string, attempts: number }> } };

export type RetryJobBatchMutationVariables = Exact<{
  id: string | number;
}>;


export type RetryJobBatchMutation = { retryJobBatch: { id: string, type: string, total: number, pending: number, processing: number, succeeded: number, failed: number, createdAt: string, nextRunAt: string | null, failures: Array<{ jobId: string, label: string, error: string, attempts: number }> } };

export type ShopOptionsQueryVariables = Exact<{
  filter?: ShopFilter | null | undefined;
}>;


export type ShopOptionsQuery = { getShops: { items: Array<{ id: string, name: string, saleChannel: SaleChannel, status: LiveStatus, connection: ShopConnection }>, pageInfo: { totalCount: number } } };

export type TemplateOptionsQueryVariables = Exact<{
  filter?: ProductTemplateFilter | null | undefined;
}>;


export type TemplateOptionsQuery = { getProductTemplates: { items: Array<{ id: string, name: string, title: string, type: ProductType, status: TemplateStatus }> } };

export type StaffOptionsQueryVariables = Exact<{
  limit?: number | null | undefined;
  page?: number | null | undefined;
}>;


export type StaffOptionsQuery = { getUsers: { items: Array<{ id: string, email: string, firstName: string, lastName: string, role: Role }> } };

export type GetPresignedUrlMutationVariables = Exact<{
  input: PresignedUrlInput;
}>;


export type GetPresignedUrlMutation = { getPresignedUrl: { presignedUrl: string, fileUrl: string } };


export const PreviewMockupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewMockups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"design"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MockupDesignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewMockups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}},{"kind":"Argument","name":{"kind":"Name","value":"design"},"value":{"kind":"Variable","name":{"kind":"Name","value":"design"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blankId"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}}]}}]}}]} as unknown as DocumentNode<PreviewMockupsQuery, PreviewMockupsQueryVariables>;
export const ChangePasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePasswordInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const UpdateUserSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateUserSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateUserSettingsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateUserSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<UpdateUserSettingsMutation, UpdateUserSettingsMutationVariables>;
export const ReloginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Relogin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessToken"}}]}}]}}]} as unknown as DocumentNode<ReloginMutation, ReloginMutationVariables>;
export const GetTelegramUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTelegramUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTelegramUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]} as unknown as DocumentNode<GetTelegramUserQuery, GetTelegramUserQueryVariables>;
export const GetTelegramAlertsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTelegramAlerts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTelegramAlerts"}}]}}]} as unknown as DocumentNode<GetTelegramAlertsQuery, GetTelegramAlertsQueryVariables>;
export const CreateTelegramLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTelegramLink"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTelegramLink"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"botUsername"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<CreateTelegramLinkMutation, CreateTelegramLinkMutationVariables>;
export const DisconnectTelegramBotDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisconnectTelegramBot"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disconnectTelegramBot"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DisconnectTelegramBotMutation, DisconnectTelegramBotMutationVariables>;
export const SetTelegramAlertsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTelegramAlerts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"alerts"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TelegramAlert"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTelegramAlerts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"alerts"},"value":{"kind":"Variable","name":{"kind":"Name","value":"alerts"}}}]}]}}]} as unknown as DocumentNode<SetTelegramAlertsMutation, SetTelegramAlertsMutationVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessToken"}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const ForgotPasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ForgotPassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"forgotPassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}]}]}}]} as unknown as DocumentNode<ForgotPasswordMutation, ForgotPasswordMutationVariables>;
export const ResetPasswordWithTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResetPasswordWithToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetPasswordWithToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}]}]}}]} as unknown as DocumentNode<ResetPasswordWithTokenMutation, ResetPasswordWithTokenMutationVariables>;
export const SignUpClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SignUpClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SignUpClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signUpClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<SignUpClientMutation, SignUpClientMutationVariables>;
export const CheckDuplicateClientKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckDuplicateClientKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkDuplicateClientKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}]}]}}]} as unknown as DocumentNode<CheckDuplicateClientKeyMutation, CheckDuplicateClientKeyMutationVariables>;
export const VerifyClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}]}]}}]} as unknown as DocumentNode<VerifyClientMutation, VerifyClientMutationVariables>;
export const ClientsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Clients"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ClientSubscriptionFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getClientSubscriptions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"totalShops"}},{"kind":"Field","name":{"kind":"Name","value":"totalUsers"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"plan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<ClientsQuery, ClientsQueryVariables>;
export const ClientDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getClientSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"totalShops"}},{"kind":"Field","name":{"kind":"Name","value":"totalUsers"}},{"kind":"Field","name":{"kind":"Name","value":"listingsThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentsThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"bankTransferReference"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"plan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"durationDays"}}]}},{"kind":"Field","name":{"kind":"Name","value":"effectivePlan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"maxShops"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyListings"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyFulfillments"}}]}}]}}]}}]} as unknown as DocumentNode<ClientDetailQuery, ClientDetailQueryVariables>;
export const ClientTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTransactionPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<ClientTransactionsQuery, ClientTransactionsQueryVariables>;
export const ClientUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getUsers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<ClientUsersQuery, ClientUsersQueryVariables>;
export const ClientShopsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientShops"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ShopFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getShops"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}},{"kind":"Field","name":{"kind":"Name","value":"targetMarket"}},{"kind":"Field","name":{"kind":"Name","value":"connection"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSyncedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<ClientShopsQuery, ClientShopsQueryVariables>;
export const AddClientBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddClientBalance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amount"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"note"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addClientBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amount"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amount"}}},{"kind":"Argument","name":{"kind":"Name","value":"note"},"value":{"kind":"Variable","name":{"kind":"Name","value":"note"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]}}]} as unknown as DocumentNode<AddClientBalanceMutation, AddClientBalanceMutationVariables>;
export const UpdateClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}}]}}]}}]} as unknown as DocumentNode<UpdateClientMutation, UpdateClientMutationVariables>;
export const ConsolePlansDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsolePlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getAllSubscriptionPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"basePrice"}},{"kind":"Field","name":{"kind":"Name","value":"maxShops"}},{"kind":"Field","name":{"kind":"Name","value":"durationDays"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyListings"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyFulfillments"}},{"kind":"Field","name":{"kind":"Name","value":"promotions"}}]}}]}}]} as unknown as DocumentNode<ConsolePlansQuery, ConsolePlansQueryVariables>;
export const UpdateSubscriptionPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSubscriptionPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriptionPlanInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSubscriptionPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"basePrice"}},{"kind":"Field","name":{"kind":"Name","value":"maxShops"}},{"kind":"Field","name":{"kind":"Name","value":"durationDays"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyListings"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyFulfillments"}},{"kind":"Field","name":{"kind":"Name","value":"promotions"}}]}}]}}]} as unknown as DocumentNode<UpdateSubscriptionPlanMutation, UpdateSubscriptionPlanMutationVariables>;
export const DashboardSummaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardSummary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalOrders"}},{"kind":"Field","name":{"kind":"Name","value":"revenueEstimate"}},{"kind":"Field","name":{"kind":"Name","value":"ffTotalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalRefund"}},{"kind":"Field","name":{"kind":"Name","value":"totalNetAmount"}}]}}]}}]} as unknown as DocumentNode<DashboardSummaryQuery, DashboardSummaryQueryVariables>;
export const DashboardNeedActionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardNeedAction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderNeedAction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderNeedIn24h"}},{"kind":"Field","name":{"kind":"Name","value":"orderOverDate"}}]}}]}}]} as unknown as DocumentNode<DashboardNeedActionQuery, DashboardNeedActionQueryVariables>;
export const DashboardSoldProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardSoldProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getSoldProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalSold"}},{"kind":"Field","name":{"kind":"Name","value":"sellerProductId"}},{"kind":"Field","name":{"kind":"Name","value":"productName"}},{"kind":"Field","name":{"kind":"Name","value":"productImage"}}]}}]}}]} as unknown as DocumentNode<DashboardSoldProductsQuery, DashboardSoldProductsQueryVariables>;
export const DashboardDayStatsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardDayStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"orders"}},{"kind":"Field","name":{"kind":"Name","value":"revenue"}},{"kind":"Field","name":{"kind":"Name","value":"net"}}]}}]}}]} as unknown as DocumentNode<DashboardDayStatsQuery, DashboardDayStatsQueryVariables>;
export const DashboardFailedJobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardFailedJobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventHistoryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getEventHistories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}}]} as unknown as DocumentNode<DashboardFailedJobsQuery, DashboardFailedJobsQueryVariables>;
export const DashboardCatalogueSizeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardCatalogueSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}},{"kind":"ObjectField","name":{"kind":"Name","value":"page"},"value":{"kind":"IntValue","value":"1"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}}]} as unknown as DocumentNode<DashboardCatalogueSizeQuery, DashboardCatalogueSizeQueryVariables>;
export const FulfillmentProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FulfillmentProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"printAreas"}},{"kind":"Field","name":{"kind":"Name","value":"variants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"colorCode"}},{"kind":"Field","name":{"kind":"Name","value":"stock"}},{"kind":"Field","name":{"kind":"Name","value":"printArea"}},{"kind":"Field","name":{"kind":"Name","value":"cost"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<FulfillmentProductsQuery, FulfillmentProductsQueryVariables>;
export const PrintifyBlueprintsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PrintifyBlueprints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPrintifyBlueprints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"brand"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<PrintifyBlueprintsQuery, PrintifyBlueprintsQueryVariables>;
export const PrintifyPrintProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PrintifyPrintProviders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"blueprintId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPrintifyPrintProviders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"blueprintId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"blueprintId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<PrintifyPrintProvidersQuery, PrintifyPrintProvidersQueryVariables>;
export const PrintifyVariantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PrintifyVariants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"blueprintId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"printProviderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPrintifyVariants"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"blueprintId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"blueprintId"}}},{"kind":"Argument","name":{"kind":"Name","value":"printProviderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"printProviderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"options"}},{"kind":"Field","name":{"kind":"Name","value":"placeholders"}}]}}]}}]} as unknown as DocumentNode<PrintifyVariantsQuery, PrintifyVariantsQueryVariables>;
export const MangoteeProductLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MangoteeProductLines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getMangoteeProductLines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"stock"}}]}}]}}]} as unknown as DocumentNode<MangoteeProductLinesQuery, MangoteeProductLinesQueryVariables>;
export const MangoteeProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MangoteeProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MangoteeProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getMangoteeProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"stock"}}]}}]}}]} as unknown as DocumentNode<MangoteeProductsQuery, MangoteeProductsQueryVariables>;
export const MangoteeVariantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MangoteeVariants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productLineId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getMangoteeVariants"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}},{"kind":"Argument","name":{"kind":"Name","value":"productLineId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productLineId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"stock"}}]}}]}}]} as unknown as DocumentNode<MangoteeVariantsQuery, MangoteeVariantsQueryVariables>;
export const FulfillmentOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FulfillmentOrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"refOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"providerStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"trackingUrl"}},{"kind":"Field","name":{"kind":"Name","value":"trackingCompany"}},{"kind":"Field","name":{"kind":"Name","value":"shippingName"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCity"}},{"kind":"Field","name":{"kind":"Name","value":"shippingRegionCode"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"shop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<FulfillmentOrdersQuery, FulfillmentOrdersQueryVariables>;
export const FulfillmentOrderDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentOrderDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentOrderById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"refOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"providerStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"labelUrl"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"trackingUrl"}},{"kind":"Field","name":{"kind":"Name","value":"trackingCompany"}},{"kind":"Field","name":{"kind":"Name","value":"shippingName"}},{"kind":"Field","name":{"kind":"Name","value":"shippingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"shippingAddress1"}},{"kind":"Field","name":{"kind":"Name","value":"shippingAddress2"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCity"}},{"kind":"Field","name":{"kind":"Name","value":"shippingState"}},{"kind":"Field","name":{"kind":"Name","value":"shippingPostalCode"}},{"kind":"Field","name":{"kind":"Name","value":"shippingRegionCode"}},{"kind":"Field","name":{"kind":"Name","value":"shippingMethod"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"shop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentSku"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"designFrontUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designBackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"bgColorCode"}},{"kind":"Field","name":{"kind":"Name","value":"cost"}}]}}]}}]}}]} as unknown as DocumentNode<FulfillmentOrderDetailQuery, FulfillmentOrderDetailQueryVariables>;
export const CreateFulfillmentOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFulfillmentOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateFulfillmentOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createFulfillmentOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}}]}}]}}]} as unknown as DocumentNode<CreateFulfillmentOrderMutation, CreateFulfillmentOrderMutationVariables>;
export const CreateSimpleFulfillmentOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSimpleFulfillmentOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSimpleFulfillmentOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSimpleFulfillmentOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<CreateSimpleFulfillmentOrderMutation, CreateSimpleFulfillmentOrderMutationVariables>;
export const RemoveFulfillmentOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveFulfillmentOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeFulfillmentOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}]}]}}]} as unknown as DocumentNode<RemoveFulfillmentOrderMutation, RemoveFulfillmentOrderMutationVariables>;
export const FulfillmentSourceOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentSourceOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"recipientPhone"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress1"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress2"}},{"kind":"Field","name":{"kind":"Name","value":"recipientCity"}},{"kind":"Field","name":{"kind":"Name","value":"recipientState"}},{"kind":"Field","name":{"kind":"Name","value":"recipientRegionCode"}},{"kind":"Field","name":{"kind":"Name","value":"recipientPostalCode"}},{"kind":"Field","name":{"kind":"Name","value":"shop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"productName"}},{"kind":"Field","name":{"kind":"Name","value":"skuName"}},{"kind":"Field","name":{"kind":"Name","value":"skuImage"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"sellerSku"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"catalogueProductId"}}]}}]}}]}}]} as unknown as DocumentNode<FulfillmentSourceOrderQuery, FulfillmentSourceOrderQueryVariables>;
export const FulfillmentDesignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentDesigns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductDesignFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFullListProductDesigns"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"designFrontUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designBackUrl"}}]}}]}}]} as unknown as DocumentNode<FulfillmentDesignsQuery, FulfillmentDesignsQueryVariables>;
export const FulfillmentSkuMappingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentSkuMappings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderItemIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentSkuMappings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderItemIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderItemIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderItemId"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentSku"}},{"kind":"Field","name":{"kind":"Name","value":"designFrontUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designBackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"fromTemplate"}},{"kind":"Field","name":{"kind":"Name","value":"cost"}}]}}]}}]} as unknown as DocumentNode<FulfillmentSkuMappingsQuery, FulfillmentSkuMappingsQueryVariables>;
export const FulfillmentProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FulfillmentProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shopId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<FulfillmentProvidersQuery, FulfillmentProvidersQueryVariables>;
export const SimpleFulfillmentProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SimpleFulfillmentProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getSimpleFulfillmentProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<SimpleFulfillmentProvidersQuery, SimpleFulfillmentProvidersQueryVariables>;
export const CreateFulfillmentProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFulfillmentProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateFulfillmentProviderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createFulfillmentProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shopId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<CreateFulfillmentProviderMutation, CreateFulfillmentProviderMutationVariables>;
export const RemoveFulfillmentProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveFulfillmentProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeFulfillmentProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}}}]}]}}]} as unknown as DocumentNode<RemoveFulfillmentProviderMutation, RemoveFulfillmentProviderMutationVariables>;
export const PrintifyShopsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PrintifyShops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPrintifyShops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"sales_channel"}}]}}]}}]} as unknown as DocumentNode<PrintifyShopsQuery, PrintifyShopsQueryVariables>;
export const GetQueueStatsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetQueueStats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getQueueStats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"processing"}},{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<GetQueueStatsQuery, GetQueueStatsQueryVariables>;
export const GetWorkersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetWorkers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getWorkers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"queues"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}}]}}]}}]} as unknown as DocumentNode<GetWorkersQuery, GetWorkersQueryVariables>;
export const GetEventHistoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetEventHistories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventHistoryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getEventHistories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetEventHistoriesQuery, GetEventHistoriesQueryVariables>;
export const GetJobBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetJobBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getJobBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"processing"}},{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<GetJobBatchQuery, GetJobBatchQueryVariables>;
export const RetryEventHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryEventHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryEventHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<RetryEventHistoryMutation, RetryEventHistoryMutationVariables>;
export const GetFulfillmentDriftsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetFulfillmentDrifts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getFulfillmentDrifts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"providerId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"providerOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}},{"kind":"Field","name":{"kind":"Name","value":"foundAt"}}]}}]}}]} as unknown as DocumentNode<GetFulfillmentDriftsQuery, GetFulfillmentDriftsQueryVariables>;
export const OrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Orders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"marketplaceStatus"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"refundAmount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"shipByAt"}},{"kind":"Field","name":{"kind":"Name","value":"isLate"}},{"kind":"Field","name":{"kind":"Name","value":"isDueSoon"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"shop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"productName"}},{"kind":"Field","name":{"kind":"Name","value":"skuName"}},{"kind":"Field","name":{"kind":"Name","value":"skuImage"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<OrdersQuery, OrdersQueryVariables>;
export const OrderStatusCountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderStatusCounts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderStatusCounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]} as unknown as DocumentNode<OrderStatusCountsQuery, OrderStatusCountsQueryVariables>;
export const OrderDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"marketplaceStatus"}},{"kind":"Field","name":{"kind":"Name","value":"allowedStatuses"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"shipByAt"}},{"kind":"Field","name":{"kind":"Name","value":"isLate"}},{"kind":"Field","name":{"kind":"Name","value":"isDueSoon"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"refundAmount"}},{"kind":"Field","name":{"kind":"Name","value":"revenueEstimate"}},{"kind":"Field","name":{"kind":"Name","value":"buyerEmail"}},{"kind":"Field","name":{"kind":"Name","value":"buyerMessage"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"recipientPhone"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress1"}},{"kind":"Field","name":{"kind":"Name","value":"recipientAddress2"}},{"kind":"Field","name":{"kind":"Name","value":"recipientCity"}},{"kind":"Field","name":{"kind":"Name","value":"recipientState"}},{"kind":"Field","name":{"kind":"Name","value":"recipientRegionCode"}},{"kind":"Field","name":{"kind":"Name","value":"recipientPostalCode"}},{"kind":"Field","name":{"kind":"Name","value":"shop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"productName"}},{"kind":"Field","name":{"kind":"Name","value":"skuName"}},{"kind":"Field","name":{"kind":"Name","value":"skuImage"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"originalPrice"}},{"kind":"Field","name":{"kind":"Name","value":"sellerSku"}},{"kind":"Field","name":{"kind":"Name","value":"sellerProductId"}},{"kind":"Field","name":{"kind":"Name","value":"originProductUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"profit"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"commissionFee"}},{"kind":"Field","name":{"kind":"Name","value":"transactionFee"}},{"kind":"Field","name":{"kind":"Name","value":"shippingFee"}},{"kind":"Field","name":{"kind":"Name","value":"totalFees"}},{"kind":"Field","name":{"kind":"Name","value":"feesSettled"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentCost"}},{"kind":"Field","name":{"kind":"Name","value":"refund"}},{"kind":"Field","name":{"kind":"Name","value":"net"}}]}},{"kind":"Field","name":{"kind":"Name","value":"timeline"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"fromStatus"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}},{"kind":"Field","name":{"kind":"Name","value":"marketplaceStatus"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OrderDetailQuery, OrderDetailQueryVariables>;
export const UpdateOrderStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrderStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderStatus"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrderStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<UpdateOrderStatusMutation, UpdateOrderStatusMutationVariables>;
export const ExportOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExportOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalRows"}},{"kind":"Field","name":{"kind":"Name","value":"doneRows"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<ExportOrdersMutation, ExportOrdersMutationVariables>;
export const OrderExportStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderExportStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getOrderExport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalRows"}},{"kind":"Field","name":{"kind":"Name","value":"doneRows"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<OrderExportStatusQuery, OrderExportStatusQueryVariables>;
export const GetListProductDesignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetListProductDesigns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductDesignFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getListProductDesigns"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalProductId"}},{"kind":"Field","name":{"kind":"Name","value":"sellerProductId"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"designFrontUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designBackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designSleeveUrl"}},{"kind":"Field","name":{"kind":"Name","value":"designHoodUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variant"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetListProductDesignsQuery, GetListProductDesignsQueryVariables>;
export const RemoveProductDesignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveProductDesign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"designId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProductDesign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"designId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"designId"}}}]}]}}]} as unknown as DocumentNode<RemoveProductDesignMutation, RemoveProductDesignMutationVariables>;
export const CacheProductDesignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CacheProductDesign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CacheProductDesignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cacheProductDesign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CacheProductDesignMutation, CacheProductDesignMutationVariables>;
export const DesignProductOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DesignProductOptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<DesignProductOptionsQuery, DesignProductOptionsQueryVariables>;
export const GetProductTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProductTemplates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductTemplateFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductTemplates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"tiktokCategoryId"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"variants"}},{"kind":"Field","name":{"kind":"Name","value":"priceFormula"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetProductTemplatesQuery, GetProductTemplatesQueryVariables>;
export const GetProductTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProductTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"packageWeight"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"packageDimensions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiktokCategoryId"}},{"kind":"Field","name":{"kind":"Name","value":"tiktokBrandId"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"sizeChart"}},{"kind":"Field","name":{"kind":"Name","value":"variants"}},{"kind":"Field","name":{"kind":"Name","value":"tiktokProductAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"amazonProductType"}},{"kind":"Field","name":{"kind":"Name","value":"amazonAttributes"}},{"kind":"Field","name":{"kind":"Name","value":"walmartCategory"}},{"kind":"Field","name":{"kind":"Name","value":"walmartItemSpec"}},{"kind":"Field","name":{"kind":"Name","value":"priceFormula"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"mockupBlanks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"printArea"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"x"}},{"kind":"Field","name":{"kind":"Name","value":"y"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}}]}}]}}]}}]}}]} as unknown as DocumentNode<GetProductTemplateQuery, GetProductTemplateQueryVariables>;
export const CreateProductTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProductTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProductTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateProductTemplateMutation, CreateProductTemplateMutationVariables>;
export const UpdateProductTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProductTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProductTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<UpdateProductTemplateMutation, UpdateProductTemplateMutationVariables>;
export const RemoveProductTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveProductTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProductTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}]}]}}]} as unknown as DocumentNode<RemoveProductTemplateMutation, RemoveProductTemplateMutationVariables>;
export const GetLocalTiktokCategoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetLocalTiktokCategories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getLocalTiktokCategories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isLeaf"}},{"kind":"Field","name":{"kind":"Name","value":"permissionStatuses"}}]}}]}}]} as unknown as DocumentNode<GetLocalTiktokCategoriesQuery, GetLocalTiktokCategoriesQueryVariables>;
export const GetTiktokCategoryAttributesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTiktokCategoryAttributes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokCategoryAttributes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"is_requried"}},{"kind":"Field","name":{"kind":"Name","value":"is_customizable"}},{"kind":"Field","name":{"kind":"Name","value":"is_multiple_selection"}},{"kind":"Field","name":{"kind":"Name","value":"value_data_format"}},{"kind":"Field","name":{"kind":"Name","value":"values"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"requirement_conditions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"condition_type"}},{"kind":"Field","name":{"kind":"Name","value":"attribute_id"}},{"kind":"Field","name":{"kind":"Name","value":"attribute_value_id"}}]}}]}}]}}]} as unknown as DocumentNode<GetTiktokCategoryAttributesQuery, GetTiktokCategoryAttributesQueryVariables>;
export const GetTiktokBrandsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTiktokBrands"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"brandName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokBrands"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"brandName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"brandName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"authorized_status"}},{"kind":"Field","name":{"kind":"Name","value":"brand_status"}},{"kind":"Field","name":{"kind":"Name","value":"is_t1_brand"}}]}}]}}]} as unknown as DocumentNode<GetTiktokBrandsQuery, GetTiktokBrandsQueryVariables>;
export const GetTiktokCategoryRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTiktokCategoryRules"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokCategoryRules"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categoryId"}},{"kind":"Field","name":{"kind":"Name","value":"known"}},{"kind":"Field","name":{"kind":"Name","value":"packageWeightRequired"}},{"kind":"Field","name":{"kind":"Name","value":"packageDimensionsRequired"}},{"kind":"Field","name":{"kind":"Name","value":"sizeChartRequired"}},{"kind":"Field","name":{"kind":"Name","value":"minImages"}},{"kind":"Field","name":{"kind":"Name","value":"requiredAttributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"whenAttributeId"}},{"kind":"Field","name":{"kind":"Name","value":"whenValueId"}}]}}]}}]}}]} as unknown as DocumentNode<GetTiktokCategoryRulesQuery, GetTiktokCategoryRulesQueryVariables>;
export const GetProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"sequence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"publishedShops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"liveStatus"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessages"}},{"kind":"Field","name":{"kind":"Name","value":"listingMode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetProductsQuery, GetProductsQueryVariables>;
export const GetProductByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProductById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mockupImages"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"brand"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"sequence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"publishedShops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"liveStatus"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessages"}},{"kind":"Field","name":{"kind":"Name","value":"listingMode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"originUrl"}},{"kind":"Field","name":{"kind":"Name","value":"packageWeight"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"packageDimensions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<GetProductByIdQuery, GetProductByIdQueryVariables>;
export const GetProductVariantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProductVariants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductVariants"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"listPrice"}},{"kind":"Field","name":{"kind":"Name","value":"attributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"attribute"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<GetProductVariantsQuery, GetProductVariantsQueryVariables>;
export const UpdateProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProductInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<UpdateProductMutation, UpdateProductMutationVariables>;
export const DeleteProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteProductMutation, DeleteProductMutationVariables>;
export const BulkDeleteProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkDeleteProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkDeleteProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}}}]}]}}]} as unknown as DocumentNode<BulkDeleteProductsMutation, BulkDeleteProductsMutationVariables>;
export const BulkApplyTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkApplyTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkApplyTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkApplyTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"successfulProducts"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}}]}}]}}]} as unknown as DocumentNode<BulkApplyTemplateMutation, BulkApplyTemplateMutationVariables>;
export const BulkListingProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkListingProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkListingProductInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkListingProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkListingProductMutation, BulkListingProductMutationVariables>;
export const BulkRenderMockupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkRenderMockups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkRenderMockups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkRenderMockupsMutation, BulkRenderMockupsMutationVariables>;
export const BulkPublishProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkPublishProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkPublishProductsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkPublishProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkPublishProductsMutation, BulkPublishProductsMutationVariables>;
export const BulkGenerateTiktokProductSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkGenerateTiktokProductSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkGenerateTiktokProductSKU"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"productIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkGenerateTiktokProductSkuMutation, BulkGenerateTiktokProductSkuMutationVariables>;
export const CreateProductWithTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProductWithTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProductWithTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProductWithTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<CreateProductWithTemplateMutation, CreateProductWithTemplateMutationVariables>;
export const GetBrandsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetBrands"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getBrands"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<GetBrandsQuery, GetBrandsQueryVariables>;
export const PromotionProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PromotionProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"publishedShops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"liveStatus"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<PromotionProductsQuery, PromotionProductsQueryVariables>;
export const PromotionProductVariantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PromotionProductVariants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductVariants"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"attributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"attribute"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PromotionProductVariantsQuery, PromotionProductVariantsQueryVariables>;
export const PromotionLiveProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PromotionLiveProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MarketplaceProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchTiktokProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total_count"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"skus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seller_sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"sale_price"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PromotionLiveProductsQuery, PromotionLiveProductsQueryVariables>;
export const GetPromotionPlansDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetPromotionPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPromotionPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"productLevel"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}}]}}]}}]} as unknown as DocumentNode<GetPromotionPlansQuery, GetPromotionPlansQueryVariables>;
export const CreatePromotionPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePromotionPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PromotionPlanInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPromotionPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<CreatePromotionPlanMutation, CreatePromotionPlanMutationVariables>;
export const UpdatePromotionPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePromotionPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PromotionPlanInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePromotionPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"productLevel"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}}]}}]}}]} as unknown as DocumentNode<UpdatePromotionPlanMutation, UpdatePromotionPlanMutationVariables>;
export const RemovePromotionPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemovePromotionPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removePromotionPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RemovePromotionPlanMutation, RemovePromotionPlanMutationVariables>;
export const GetTiktokPromotionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTiktokPromotions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TiktokPromotionFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokPromotions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activityId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"activityType"}},{"kind":"Field","name":{"kind":"Name","value":"beginTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}},{"kind":"Field","name":{"kind":"Name","value":"productLevel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"syncShop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"shopName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failedItemsCount"}},{"kind":"Field","name":{"kind":"Name","value":"successItemsCount"}},{"kind":"Field","name":{"kind":"Name","value":"autoRenew"}},{"kind":"Field","name":{"kind":"Name","value":"activityStatus"}},{"kind":"Field","name":{"kind":"Name","value":"nextRenewalAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetTiktokPromotionsQuery, GetTiktokPromotionsQueryVariables>;
export const BulkUpdateTiktokPromotionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkUpdateTiktokPromotion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkUpdateTiktokPromotionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkUpdateTiktokPromotion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<BulkUpdateTiktokPromotionMutation, BulkUpdateTiktokPromotionMutationVariables>;
export const CreateTiktokPromotionScheduleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTiktokPromotionSchedule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTiktokPromotionScheduleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTiktokPromotionSchedule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<CreateTiktokPromotionScheduleMutation, CreateTiktokPromotionScheduleMutationVariables>;
export const PromotionHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PromotionHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TiktokPromotionFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokPromotions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"beginTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}},{"kind":"Field","name":{"kind":"Name","value":"activityId"}},{"kind":"Field","name":{"kind":"Name","value":"activityStatus"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"successItemsCount"}},{"kind":"Field","name":{"kind":"Name","value":"failedItemsCount"}},{"kind":"Field","name":{"kind":"Name","value":"droppedItemsCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"failedItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"externalProductId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"activityPrice"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PromotionHistoryQuery, PromotionHistoryQueryVariables>;
export const GetAllShopProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetAllShopProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ShopProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getAllShopProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"shopId"}},{"kind":"Field","name":{"kind":"Name","value":"shopName"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"brandName"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"liveStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessages"}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"listingMode"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetAllShopProductsQuery, GetAllShopProductsQueryVariables>;
export const RemoveListingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveListing"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopProductId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeShopProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"shopProductId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopProductId"}}}]}]}}]} as unknown as DocumentNode<RemoveListingMutation, RemoveListingMutationVariables>;
export const BulkRemoveListingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkRemoveListings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopProductIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkRemoveShopProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"shopProductIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopProductIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkRemoveListingsMutation, BulkRemoveListingsMutationVariables>;
export const RetryShopListingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryShopListing"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkListingProductInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkListingProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<RetryShopListingMutation, RetryShopListingMutationVariables>;
export const GetShopsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetShops"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ShopFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getShops"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}},{"kind":"Field","name":{"kind":"Name","value":"targetMarket"}},{"kind":"Field","name":{"kind":"Name","value":"commissionRate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"connection"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSyncedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assignedUserIds"}},{"kind":"Field","name":{"kind":"Name","value":"warehouseCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetShopsQuery, GetShopsQueryVariables>;
export const GetShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}},{"kind":"Field","name":{"kind":"Name","value":"targetMarket"}},{"kind":"Field","name":{"kind":"Name","value":"commissionRate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"connection"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSyncedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assignedUserIds"}},{"kind":"Field","name":{"kind":"Name","value":"warehouseCount"}}]}}]}}]} as unknown as DocumentNode<GetShopQuery, GetShopQueryVariables>;
export const GenerateAuthorizeLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GenerateAuthorizeLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"targetMarket"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TargetMarket"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"saleChannel"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SaleChannel"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateAuthorizeLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"targetMarket"},"value":{"kind":"Variable","name":{"kind":"Name","value":"targetMarket"}}},{"kind":"Argument","name":{"kind":"Name","value":"saleChannel"},"value":{"kind":"Variable","name":{"kind":"Name","value":"saleChannel"}}}]}]}}]} as unknown as DocumentNode<GenerateAuthorizeLinkMutation, GenerateAuthorizeLinkMutationVariables>;
export const AuthorizeShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AuthorizeShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AuthorizeShopInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"authorizeShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}}]}}]}}]} as unknown as DocumentNode<AuthorizeShopMutation, AuthorizeShopMutationVariables>;
export const UpdateShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateShopInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"commissionRate"}}]}}]}}]} as unknown as DocumentNode<UpdateShopMutation, UpdateShopMutationVariables>;
export const ConnectWalmartShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConnectWalmartShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ConnectWalmartShopInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"connectWalmartShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}}]}}]}}]} as unknown as DocumentNode<ConnectWalmartShopMutation, ConnectWalmartShopMutationVariables>;
export const RemoveShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RemoveShopMutation, RemoveShopMutationVariables>;
export const ReassignShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReassignShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReassignShopInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reassignShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"assignedUserIds"}}]}}]}}]} as unknown as DocumentNode<ReassignShopMutation, ReassignShopMutationVariables>;
export const SyncShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SyncShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"syncShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<SyncShopMutation, SyncShopMutationVariables>;
export const GetWarehousesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetWarehouses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getWarehouses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"additionalData"}}]}}]}}]} as unknown as DocumentNode<GetWarehousesQuery, GetWarehousesQueryVariables>;
export const SyncWarehouseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SyncWarehouse"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"syncWarehouse"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<SyncWarehouseMutation, SyncWarehouseMutationVariables>;
export const GetShopProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetShopProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ShopProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getShopProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"brandName"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"liveStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessages"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"shopId"}},{"kind":"Field","name":{"kind":"Name","value":"shopName"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetShopProductsQuery, GetShopProductsQueryVariables>;
export const RemoveShopProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveShopProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopProductId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeShopProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"shopProductId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopProductId"}}}]}]}}]} as unknown as DocumentNode<RemoveShopProductMutation, RemoveShopProductMutationVariables>;
export const BulkRemoveShopProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkRemoveShopProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopProductIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkRemoveShopProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"shopProductIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopProductIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<BulkRemoveShopProductMutation, BulkRemoveShopProductMutationVariables>;
export const SearchTiktokProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchTiktokProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MarketplaceProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchTiktokProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total_count"}},{"kind":"Field","name":{"kind":"Name","value":"next_page_token"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"is_not_for_sale"}},{"kind":"Field","name":{"kind":"Name","value":"create_time"}},{"kind":"Field","name":{"kind":"Name","value":"update_time"}},{"kind":"Field","name":{"kind":"Name","value":"skus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seller_sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"sale_price"}},{"kind":"Field","name":{"kind":"Name","value":"tax_exclusive_price"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inventory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouse_id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SearchTiktokProductsQuery, SearchTiktokProductsQueryVariables>;
export const GetTiktokProductDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTiktokProductDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTiktokProductDetail"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"shopId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shopId"}}},{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"category_chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"local_name"}},{"kind":"Field","name":{"kind":"Name","value":"parent_id"}},{"kind":"Field","name":{"kind":"Name","value":"is_leaf"}}]}},{"kind":"Field","name":{"kind":"Name","value":"brand"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"main_images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"urls"}}]}},{"kind":"Field","name":{"kind":"Name","value":"skus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seller_sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"sale_price"}},{"kind":"Field","name":{"kind":"Name","value":"tax_exclusive_price"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inventory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouse_id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]}}]}}]} as unknown as DocumentNode<GetTiktokProductDetailQuery, GetTiktokProductDetailQueryVariables>;
export const SubscriptionPlansDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscriptionPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getAllSubscriptionPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"basePrice"}},{"kind":"Field","name":{"kind":"Name","value":"maxShops"}},{"kind":"Field","name":{"kind":"Name","value":"durationDays"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyListings"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyFulfillments"}},{"kind":"Field","name":{"kind":"Name","value":"promotions"}}]}}]}}]} as unknown as DocumentNode<SubscriptionPlansQuery, SubscriptionPlansQueryVariables>;
export const MySubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MySubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getClientSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"totalShops"}},{"kind":"Field","name":{"kind":"Name","value":"listingsThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"fulfillmentsThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"bankTransferReference"}},{"kind":"Field","name":{"kind":"Name","value":"plan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"durationDays"}}]}},{"kind":"Field","name":{"kind":"Name","value":"effectivePlan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"maxShops"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyListings"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyFulfillments"}},{"kind":"Field","name":{"kind":"Name","value":"promotions"}}]}}]}}]}}]} as unknown as DocumentNode<MySubscriptionQuery, MySubscriptionQueryVariables>;
export const MyTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTransactionPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<MyTransactionsQuery, MyTransactionsQueryVariables>;
export const SubscribeAPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubscribeAPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"planId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeAPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"planId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"planId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"plan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}}]}}]}}]} as unknown as DocumentNode<SubscribeAPlanMutation, SubscribeAPlanMutationVariables>;
export const CreateTopUpCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTopUpCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amount"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTopUpCheckout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"amount"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amount"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"payment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<CreateTopUpCheckoutMutation, CreateTopUpCheckoutMutationVariables>;
export const TopUpPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TopUpPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getTopUpPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}}]}}]}}]} as unknown as DocumentNode<TopUpPaymentQuery, TopUpPaymentQueryVariables>;
export const GetUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getUsers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"shops"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}}]}}]}}]} as unknown as DocumentNode<GetUsersQuery, GetUsersQueryVariables>;
export const CreateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<CreateUserMutation, CreateUserMutationVariables>;
export const RemoveUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RemoveUserMutation, RemoveUserMutationVariables>;
export const ResetPasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResetPassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetPassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}]}]}}]} as unknown as DocumentNode<ResetPasswordMutation, ResetPasswordMutationVariables>;
export const ApiClientProbeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiClientProbe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getQueueStats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}}]}}]}}]} as unknown as DocumentNode<ApiClientProbeQuery, ApiClientProbeQueryVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getMe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"promotionsEnabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const JobBatchProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"JobBatchProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getJobBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"processing"}},{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}}]}}]}}]}}]} as unknown as DocumentNode<JobBatchProgressQuery, JobBatchProgressQueryVariables>;
export const RetryJobBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryJobBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryJobBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"processing"}},{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}}]}}]}}]}}]} as unknown as DocumentNode<RetryJobBatchMutation, RetryJobBatchMutationVariables>;
export const ShopOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShopOptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ShopFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getShops"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"saleChannel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"connection"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}}]} as unknown as DocumentNode<ShopOptionsQuery, ShopOptionsQueryVariables>;
export const TemplateOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TemplateOptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductTemplateFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getProductTemplates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<TemplateOptionsQuery, TemplateOptionsQueryVariables>;
export const StaffOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StaffOptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getUsers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]} as unknown as DocumentNode<StaffOptionsQuery, StaffOptionsQueryVariables>;
export const GetPresignedUrlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GetPresignedUrl"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PresignedUrlInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"getPresignedUrl"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"presignedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"fileUrl"}}]}}]}}]} as unknown as DocumentNode<GetPresignedUrlMutation, GetPresignedUrlMutationVariables>;