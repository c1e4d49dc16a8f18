/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation UpdateUserSettings($input: UpdateUserSettingsInput!) {\n    updateUserSettings(input: $input) {\n      id\n      name\n      value\n      createdAt\n    }\n  }\n": typeof types.UpdateUserSettingsDocument,
    "\n  mutation Relogin($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n": typeof types.ReloginDocument,
    "\n  query GetTelegramUser {\n    getTelegramUser {\n      id\n      firstName\n      lastName\n      username\n    }\n  }\n": typeof types.GetTelegramUserDocument,
    "\n  query GetTelegramAlerts {\n    getTelegramAlerts\n  }\n": typeof types.GetTelegramAlertsDocument,
    "\n  mutation CreateTelegramLink {\n    createTelegramLink {\n      url\n      botUsername\n      expiresAt\n    }\n  }\n": typeof types.CreateTelegramLinkDocument,
    "\n  mutation DisconnectTelegramBot($id: ID!) {\n    disconnectTelegramBot(id: $id)\n  }\n": typeof types.DisconnectTelegramBotDocument,
    "\n  mutation SetTelegramAlerts($alerts: [TelegramAlert!]!) {\n    setTelegramAlerts(alerts: $alerts)\n  }\n": typeof types.SetTelegramAlertsDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation ResetPasswordWithToken($token: String!, $password: String!) {\n    resetPasswordWithToken(token: $token, password: $password)\n  }\n": typeof types.ResetPasswordWithTokenDocument,
    "\n  mutation SignUpClient($input: SignUpClientInput!) {\n    signUpClient(input: $input)\n  }\n": typeof types.SignUpClientDocument,
    "\n  mutation CheckDuplicateClientKey($key: String!) {\n    checkDuplicateClientKey(key: $key)\n  }\n": typeof types.CheckDuplicateClientKeyDocument,
    "\n  mutation VerifyClient($token: String!) {\n    verifyClient(token: $token)\n  }\n": typeof types.VerifyClientDocument,
    "\n  query Clients($filter: ClientSubscriptionFilter) {\n    getClientSubscriptions(filter: $filter) {\n      items {\n        id\n        balance\n        endDate\n        isActive\n        isExpired\n        totalShops\n        totalUsers\n        client {\n          id\n          name\n          key\n          createdAt\n        }\n        plan {\n          id\n          type\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.ClientsDocument,
    "\n  query ClientDetail($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isActive\n      isExpired\n      totalShops\n      totalUsers\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      client {\n        id\n        name\n        key\n        isActive\n        createdAt\n      }\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n      }\n    }\n  }\n": typeof types.ClientDetailDocument,
    "\n  query ClientTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.ClientTransactionsDocument,
    "\n  mutation AddClientBalance($clientId: ID!, $amount: Float!, $note: String) {\n    addClientBalance(clientId: $clientId, amount: $amount, note: $note) {\n      id\n      balance\n    }\n  }\n": typeof types.AddClientBalanceDocument,
    "\n  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      name\n      isActive\n    }\n  }\n": typeof types.UpdateClientDocument,
    "\n  query ConsolePlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": typeof types.ConsolePlansDocument,
    "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanInput!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": typeof types.UpdateSubscriptionPlanDocument,
    "\n  query DashboardSummary($filter: OrderFilter) {\n    getOrderSummary(filter: $filter) {\n      totalOrders\n      revenueEstimate\n      ffTotalAmount\n      totalRefund\n      totalNetAmount\n    }\n  }\n": typeof types.DashboardSummaryDocument,
    "\n  query DashboardNeedAction($filter: OrderFilter) {\n    getOrderNeedAction(filter: $filter) {\n      orderNeedIn24h\n      orderOverDate\n    }\n  }\n": typeof types.DashboardNeedActionDocument,
    "\n  query DashboardSoldProducts($filter: OrderFilter) {\n    getSoldProducts(filter: $filter) {\n      totalSold\n      sellerProductId\n      productName\n      productImage\n    }\n  }\n": typeof types.DashboardSoldProductsDocument,
    "\n  query DashboardDayStats($filter: OrderFilter) {\n    getOrderStats(filter: $filter) {\n      date\n      orders\n      revenue\n      net\n    }\n  }\n": typeof types.DashboardDayStatsDocument,
    "\n  query DashboardFailedJobs($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        error\n        attempts\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n": typeof types.DashboardFailedJobsDocument,
    "\n  query FulfillmentProducts($providerId: ID!, $filter: FulfillmentProductFilter) {\n    getFulfillmentProducts(providerId: $providerId, filter: $filter) {\n      items {\n        id\n        name\n        image\n        description\n        printAreas\n        variants {\n          sku\n          size\n          color\n          colorCode\n          stock\n          printArea\n          cost\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.FulfillmentProductsDocument,
    "\n  query PrintifyBlueprints {\n    getPrintifyBlueprints {\n      id\n      title\n      brand\n      model\n      images\n      description\n    }\n  }\n": typeof types.PrintifyBlueprintsDocument,
    "\n  query PrintifyPrintProviders($blueprintId: ID!) {\n    getPrintifyPrintProviders(blueprintId: $blueprintId) {\n      id\n      title\n    }\n  }\n": typeof types.PrintifyPrintProvidersDocument,
    "\n  query PrintifyVariants($blueprintId: ID!, $printProviderId: ID!) {\n    getPrintifyVariants(blueprintId: $blueprintId, printProviderId: $printProviderId) {\n      id\n      title\n      options\n      placeholders\n    }\n  }\n": typeof types.PrintifyVariantsDocument,
    "\n  query MangoteeProductLines {\n    getMangoteeProductLines {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": typeof types.MangoteeProductLinesDocument,
    "\n  query MangoteeProducts($filter: MangoteeProductFilter) {\n    getMangoteeProducts(filter: $filter) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": typeof types.MangoteeProductsDocument,
    "\n  query MangoteeVariants($productId: ID!, $productLineId: ID!) {\n    getMangoteeVariants(productId: $productId, productLineId: $productLineId) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": typeof types.MangoteeVariantsDocument,
    "\n  query FulfillmentOrders($filter: FulfillmentOrderFilter) {\n    getFulfillmentOrders(filter: $filter) {\n      items {\n        id\n        externalId\n        refOrderId\n        status\n        providerStatus\n        error\n        totalAmount\n        trackingNumber\n        trackingUrl\n        trackingCompany\n        shippingName\n        shippingCity\n        shippingRegionCode\n        createdAt\n        updatedAt\n        provider {\n          id\n          provider\n          name\n        }\n        order {\n          id\n          externalOrderId\n          shop {\n            id\n            name\n          }\n        }\n        items {\n          id\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.FulfillmentOrdersDocument,
    "\n  query FulfillmentOrderDetail($orderId: ID!) {\n    getFulfillmentOrderById(orderId: $orderId) {\n      id\n      externalId\n      refOrderId\n      status\n      providerStatus\n      error\n      totalAmount\n      labelUrl\n      trackingNumber\n      trackingUrl\n      trackingCompany\n      shippingName\n      shippingPhone\n      shippingAddress1\n      shippingAddress2\n      shippingCity\n      shippingState\n      shippingPostalCode\n      shippingRegionCode\n      shippingMethod\n      createdAt\n      submittedAt\n      updatedAt\n      provider {\n        id\n        provider\n        name\n      }\n      order {\n        id\n        externalOrderId\n        shop {\n          id\n          name\n        }\n      }\n      items {\n        id\n        fulfillmentSku\n        quantity\n        image\n        designFrontUrl\n        designBackUrl\n        bgColorCode\n        cost\n      }\n    }\n  }\n": typeof types.FulfillmentOrderDetailDocument,
    "\n  mutation CreateFulfillmentOrder($input: CreateFulfillmentOrderInput!) {\n    createFulfillmentOrder(input: $input) {\n      id\n      status\n      externalId\n      totalAmount\n    }\n  }\n": typeof types.CreateFulfillmentOrderDocument,
    "\n  mutation CreateSimpleFulfillmentOrder($input: CreateSimpleFulfillmentOrderInput!) {\n    createSimpleFulfillmentOrder(input: $input)\n  }\n": typeof types.CreateSimpleFulfillmentOrderDocument,
    "\n  mutation RemoveFulfillmentOrder($orderId: ID!) {\n    removeFulfillmentOrder(orderId: $orderId)\n  }\n": typeof types.RemoveFulfillmentOrderDocument,
    "\n  query FulfillmentSourceOrder($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        sellerSku\n        skuId\n        catalogueProductId\n      }\n    }\n  }\n": typeof types.FulfillmentSourceOrderDocument,
    "\n  query FulfillmentDesigns($filter: ProductDesignFilter) {\n    getFullListProductDesigns(filter: $filter) {\n      id\n      variant\n      designFrontUrl\n      designBackUrl\n    }\n  }\n": typeof types.FulfillmentDesignsDocument,
    "\n  query FulfillmentSkuMappings($providerId: ID!, $orderItemIds: [ID!]!) {\n    getFulfillmentSkuMappings(providerId: $providerId, orderItemIds: $orderItemIds) {\n      orderItemId\n      fulfillmentSku\n      designFrontUrl\n      designBackUrl\n      fromTemplate\n      cost\n    }\n  }\n": typeof types.FulfillmentSkuMappingsDocument,
    "\n  query FulfillmentProviders {\n    getFulfillmentProviders {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n": typeof types.FulfillmentProvidersDocument,
    "\n  query SimpleFulfillmentProviders {\n    getSimpleFulfillmentProviders {\n      id\n      provider\n      name\n    }\n  }\n": typeof types.SimpleFulfillmentProvidersDocument,
    "\n  mutation CreateFulfillmentProvider($input: CreateFulfillmentProviderInput!) {\n    createFulfillmentProvider(input: $input) {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n": typeof types.CreateFulfillmentProviderDocument,
    "\n  mutation RemoveFulfillmentProvider($providerId: ID!) {\n    removeFulfillmentProvider(providerId: $providerId)\n  }\n": typeof types.RemoveFulfillmentProviderDocument,
    "\n  query PrintifyShops {\n    getPrintifyShops {\n      id\n      title\n      sales_channel\n    }\n  }\n": typeof types.PrintifyShopsDocument,
    "\n  query GetQueueStats {\n    getQueueStats {\n      type\n      pending\n      processing\n      succeeded\n      failed\n    }\n  }\n": typeof types.GetQueueStatsDocument,
    "\n  query GetWorkers {\n    getWorkers {\n      id\n      queues\n      lastSeenAt\n    }\n  }\n": typeof types.GetWorkersDocument,
    "\n  query GetEventHistories($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        status\n        error\n        event\n        attempts\n        batchId\n        clientId\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetEventHistoriesDocument,
    "\n  query GetJobBatch($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n    }\n  }\n": typeof types.GetJobBatchDocument,
    "\n  mutation RetryEventHistory($id: ID!) {\n    retryEventHistory(id: $id) {\n      id\n      status\n      attempts\n      updatedAt\n    }\n  }\n": typeof types.RetryEventHistoryDocument,
    "\n  query GetFulfillmentDrifts {\n    getFulfillmentDrifts {\n      id\n      clientId\n      providerId\n      kind\n      providerOrderId\n      fulfillmentOrderId\n      detail\n      foundAt\n    }\n  }\n": typeof types.GetFulfillmentDriftsDocument,
    "\n  query Orders($filter: OrderFilter) {\n    getOrders(filter: $filter) {\n      items {\n        id\n        externalOrderId\n        status\n        marketplaceStatus\n        totalAmount\n        refundAmount\n        createdAt\n        shipByAt\n        isLate\n        isDueSoon\n        recipientName\n        shop {\n          id\n          name\n          saleChannel\n        }\n        items {\n          id\n          productName\n          skuName\n          skuImage\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.OrdersDocument,
    "\n  query OrderStatusCounts($filter: OrderFilter) {\n    getOrderStatusCounts(filter: $filter) {\n      status\n      count\n    }\n  }\n": typeof types.OrderStatusCountsDocument,
    "\n  query OrderDetail($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      status\n      marketplaceStatus\n      allowedStatuses\n      createdAt\n      updatedAt\n      shipByAt\n      isLate\n      isDueSoon\n      totalAmount\n      refundAmount\n      revenueEstimate\n      buyerEmail\n      buyerMessage\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n        saleChannel\n      }\n      owner {\n        id\n        firstName\n        lastName\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        salePrice\n        originalPrice\n        sellerSku\n        sellerProductId\n        originProductUrl\n      }\n      profit {\n        sale\n        commissionFee\n        transactionFee\n        shippingFee\n        totalFees\n        feesSettled\n        fulfillmentCost\n        refund\n        net\n      }\n      timeline {\n        id\n        source\n        fromStatus\n        toStatus\n        marketplaceStatus\n        createdAt\n        user {\n          id\n          firstName\n          lastName\n        }\n      }\n    }\n  }\n": typeof types.OrderDetailDocument,
    "\n  mutation UpdateOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    updateOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n    }\n  }\n": typeof types.UpdateOrderStatusDocument,
    "\n  mutation ExportOrders($filter: OrderFilter) {\n    exportOrders(filter: $filter) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n": typeof types.ExportOrdersDocument,
    "\n  query OrderExportStatus($id: ID!) {\n    getOrderExport(id: $id) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n": typeof types.OrderExportStatusDocument,
    "\n  query GetListProductDesigns($filter: ProductDesignFilter) {\n    getListProductDesigns(filter: $filter) {\n      items {\n        id\n        externalProductId\n        sellerProductId\n        images\n        designFrontUrl\n        designBackUrl\n        designSleeveUrl\n        designHoodUrl\n        variant\n        product {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetListProductDesignsDocument,
    "\n  mutation RemoveProductDesign($designId: ID!) {\n    removeProductDesign(designId: $designId)\n  }\n": typeof types.RemoveProductDesignDocument,
    "\n  mutation CacheProductDesign($input: CacheProductDesignInput!) {\n    cacheProductDesign(input: $input) {\n      id\n    }\n  }\n": typeof types.CacheProductDesignDocument,
    "\n  query DesignProductOptions($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.DesignProductOptionsDocument,
    "\n  query GetProductTemplates($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n        tiktokCategoryId\n        images\n        variants\n        priceFormula\n        createdAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetProductTemplatesDocument,
    "\n  query GetProductTemplate($templateId: ID!) {\n    getProductTemplate(templateId: $templateId) {\n      id\n      name\n      title\n      description\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      tiktokCategoryId\n      tiktokBrandId\n      images\n      sizeChart\n      variants\n      tiktokProductAttribute\n      priceFormula\n      type\n      status\n      createdAt\n    }\n  }\n": typeof types.GetProductTemplateDocument,
    "\n  mutation CreateProductTemplate($input: ProductTemplateInput!) {\n    createProductTemplate(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateProductTemplateDocument,
    "\n  mutation UpdateProductTemplate($templateId: ID!, $input: ProductTemplateInput!) {\n    updateProductTemplate(templateId: $templateId, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateProductTemplateDocument,
    "\n  mutation RemoveProductTemplate($templateId: ID!) {\n    removeProductTemplate(templateId: $templateId)\n  }\n": typeof types.RemoveProductTemplateDocument,
    "\n  query GetLocalTiktokCategories {\n    getLocalTiktokCategories {\n      id\n      parentId\n      name\n      isLeaf\n      permissionStatuses\n    }\n  }\n": typeof types.GetLocalTiktokCategoriesDocument,
    "\n  query GetTiktokCategoryAttributes($categoryId: ID!) {\n    getTiktokCategoryAttributes(categoryId: $categoryId) {\n      id\n      name\n      type\n      is_requried\n      is_customizable\n      is_multiple_selection\n      value_data_format\n      values {\n        id\n        name\n      }\n      requirement_conditions {\n        condition_type\n        attribute_id\n        attribute_value_id\n      }\n    }\n  }\n": typeof types.GetTiktokCategoryAttributesDocument,
    "\n  query GetTiktokBrands($brandName: String) {\n    getTiktokBrands(brandName: $brandName) {\n      id\n      name\n      authorized_status\n      brand_status\n      is_t1_brand\n    }\n  }\n": typeof types.GetTiktokBrandsDocument,
    "\n  query GetProducts($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n        status\n        type\n        source\n        images {\n          id\n          imageUrl\n          isPrimary\n          sequence\n        }\n        publishedShops {\n          id\n          name\n          liveStatus\n          productId\n        }\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetProductsDocument,
    "\n  query GetProductById($id: ID!) {\n    getProductById(id: $id) {\n      id\n      name\n      description\n      brand {\n        id\n        name\n      }\n      category {\n        id\n        name\n      }\n      images {\n        id\n        imageUrl\n        isPrimary\n        sequence\n      }\n      publishedShops {\n        id\n        name\n        liveStatus\n        productId\n      }\n      status\n      source\n      type\n      originUrl\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.GetProductByIdDocument,
    "\n  query GetProductVariants($productId: ID!) {\n    getProductVariants(productId: $productId) {\n      id\n      sku\n      quantity\n      salePrice\n      listPrice\n      attributes {\n        id\n        value\n        attribute {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.GetProductVariantsDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input)\n  }\n": typeof types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": typeof types.DeleteProductDocument,
    "\n  mutation BulkDeleteProducts($productIds: [ID!]!) {\n    bulkDeleteProducts(productIds: $productIds)\n  }\n": typeof types.BulkDeleteProductsDocument,
    "\n  mutation BulkApplyTemplate($input: BulkApplyTemplateInput!) {\n    bulkApplyTemplate(input: $input) {\n      successfulProducts\n      batchId\n    }\n  }\n": typeof types.BulkApplyTemplateDocument,
    "\n  mutation BulkListingProduct($input: BulkListingProductInput!) {\n    bulkListingProduct(input: $input) {\n      batchId\n      queued\n    }\n  }\n": typeof types.BulkListingProductDocument,
    "\n  mutation BulkPublishProducts($input: BulkPublishProductsInput!) {\n    bulkPublishProducts(input: $input) {\n      batchId\n      queued\n    }\n  }\n": typeof types.BulkPublishProductsDocument,
    "\n  mutation BulkGenerateTiktokProductSku($shopId: ID!, $productIds: [ID!]!) {\n    bulkGenerateTiktokProductSKU(shopId: $shopId, productIds: $productIds) {\n      batchId\n      queued\n    }\n  }\n": typeof types.BulkGenerateTiktokProductSkuDocument,
    "\n  mutation CreateProductWithTemplate($input: CreateProductWithTemplateInput!) {\n    createProductWithTemplate(input: $input)\n  }\n": typeof types.CreateProductWithTemplateDocument,
    "\n  query GetBrands {\n    getBrands {\n      id\n      name\n    }\n  }\n": typeof types.GetBrandsDocument,
    "\n  query GetAllShopProducts($filter: ShopProductFilter) {\n    getAllShopProducts(filter: $filter) {\n      items {\n        id\n        shopId\n        shopName\n        externalId\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetAllShopProductsDocument,
    "\n  mutation RemoveListing($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n": typeof types.RemoveListingDocument,
    "\n  mutation BulkRemoveListings($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n": typeof types.BulkRemoveListingsDocument,
    "\n  query GetShops($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        targetMarket\n        commissionRate\n        status\n        connection\n        createdAt\n        lastSyncedAt\n        assignedUserIds\n        warehouseCount\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetShopsDocument,
    "\n  query GetShop($id: ID!) {\n    getShop(id: $id) {\n      id\n      name\n      saleChannel\n      targetMarket\n      commissionRate\n      status\n      connection\n      createdAt\n      lastSyncedAt\n      assignedUserIds\n      warehouseCount\n    }\n  }\n": typeof types.GetShopDocument,
    "\n  mutation GenerateAuthorizeLink($targetMarket: TargetMarket!, $saleChannel: SaleChannel!) {\n    generateAuthorizeLink(targetMarket: $targetMarket, saleChannel: $saleChannel)\n  }\n": typeof types.GenerateAuthorizeLinkDocument,
    "\n  mutation AuthorizeShop($input: AuthorizeShopInput!) {\n    authorizeShop(input: $input) {\n      id\n      name\n      saleChannel\n    }\n  }\n": typeof types.AuthorizeShopDocument,
    "\n  mutation UpdateShop($id: ID!, $input: UpdateShopInput!) {\n    updateShop(id: $id, input: $input) {\n      id\n      name\n      commissionRate\n    }\n  }\n": typeof types.UpdateShopDocument,
    "\n  mutation RemoveShop($id: ID!) {\n    removeShop(id: $id)\n  }\n": typeof types.RemoveShopDocument,
    "\n  mutation ReassignShop($input: ReassignShopInput!) {\n    reassignShop(input: $input) {\n      id\n      assignedUserIds\n    }\n  }\n": typeof types.ReassignShopDocument,
    "\n  mutation SyncShop($id: ID!) {\n    syncShop(id: $id) {\n      batchId\n      queued\n    }\n  }\n": typeof types.SyncShopDocument,
    "\n  query GetWarehouses($shopId: ID!) {\n    getWarehouses(shopId: $shopId) {\n      id\n      externalId\n      name\n      isDefault\n      additionalData\n    }\n  }\n": typeof types.GetWarehousesDocument,
    "\n  mutation SyncWarehouse($id: ID!) {\n    syncWarehouse(id: $id) {\n      batchId\n      queued\n    }\n  }\n": typeof types.SyncWarehouseDocument,
    "\n  query GetShopProducts($shopId: ID!, $filter: ShopProductFilter) {\n    getShopProducts(shopId: $shopId, filter: $filter) {\n      items {\n        id\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        externalId\n        shopId\n        shopName\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetShopProductsDocument,
    "\n  mutation RemoveShopProduct($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n": typeof types.RemoveShopProductDocument,
    "\n  mutation BulkRemoveShopProduct($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n": typeof types.BulkRemoveShopProductDocument,
    "\n  query SearchTiktokProducts($shopId: ID!, $filter: MarketplaceProductFilter) {\n    searchTiktokProducts(shopId: $shopId, filter: $filter) {\n      total_count\n      next_page_token\n      products {\n        id\n        title\n        status\n        is_not_for_sale\n        create_time\n        update_time\n        skus {\n          id\n          seller_sku\n          price {\n            currency\n            sale_price\n            tax_exclusive_price\n          }\n          inventory {\n            warehouse_id\n            quantity\n          }\n        }\n      }\n    }\n  }\n": typeof types.SearchTiktokProductsDocument,
    "\n  query GetTiktokProductDetail($shopId: ID!, $productId: ID!) {\n    getTiktokProductDetail(shopId: $shopId, productId: $productId) {\n      id\n      title\n      description\n      status\n      category_chains {\n        id\n        local_name\n        parent_id\n        is_leaf\n      }\n      brand {\n        id\n        name\n      }\n      main_images {\n        uri\n        urls\n      }\n      skus {\n        id\n        seller_sku\n        price {\n          currency\n          sale_price\n          tax_exclusive_price\n        }\n        inventory {\n          warehouse_id\n          quantity\n        }\n      }\n    }\n  }\n": typeof types.GetTiktokProductDetailDocument,
    "\n  query SubscriptionPlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": typeof types.SubscriptionPlansDocument,
    "\n  query MySubscription($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isExpired\n      totalShops\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n        promotions\n      }\n    }\n  }\n": typeof types.MySubscriptionDocument,
    "\n  query MyTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.MyTransactionsDocument,
    "\n  mutation SubscribeAPlan($planId: ID!) {\n    subscribeAPlan(planId: $planId) {\n      id\n      startDate\n      endDate\n      balance\n      plan {\n        id\n        type\n      }\n    }\n  }\n": typeof types.SubscribeAPlanDocument,
    "\n  mutation CreateTopUpCheckout($amount: Float!) {\n    createTopUpCheckout(amount: $amount) {\n      url\n      payment {\n        id\n        amount\n        status\n      }\n    }\n  }\n": typeof types.CreateTopUpCheckoutDocument,
    "\n  query TopUpPayment($id: ID!) {\n    getTopUpPayment(id: $id) {\n      id\n      amount\n      currency\n      status\n      createdAt\n      paidAt\n    }\n  }\n": typeof types.TopUpPaymentDocument,
    "\n  query GetUsers($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n        createdAt\n        shops {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": typeof types.GetUsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    signUp(input: $input)\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation RemoveUser($id: ID!) {\n    removeUser(id: $id)\n  }\n": typeof types.RemoveUserDocument,
    "\n  mutation ResetPassword($userId: ID!) {\n    resetPassword(userId: $userId)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  query ApiClientProbe {\n    getQueueStats {\n      type\n    }\n  }\n": typeof types.ApiClientProbeDocument,
    "\n  query Me {\n    getMe {\n      id\n      email\n      firstName\n      lastName\n      role\n      createdAt\n      client {\n        id\n        name\n        key\n        isActive\n        promotionsEnabled\n      }\n      settings {\n        id\n        name\n        value\n        createdAt\n      }\n    }\n  }\n": typeof types.MeDocument,
    "\n  query JobBatchProgress($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n": typeof types.JobBatchProgressDocument,
    "\n  mutation RetryJobBatch($id: ID!) {\n    retryJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n": typeof types.RetryJobBatchDocument,
    "\n  query ShopOptions($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        status\n        connection\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n": typeof types.ShopOptionsDocument,
    "\n  query TemplateOptions($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n      }\n    }\n  }\n": typeof types.TemplateOptionsDocument,
    "\n  query StaffOptions($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n      }\n    }\n  }\n": typeof types.StaffOptionsDocument,
    "\n  mutation GetPresignedUrl($input: PresignedUrlInput!) {\n    getPresignedUrl(input: $input) {\n      presignedUrl\n      fileUrl\n    }\n  }\n": typeof types.GetPresignedUrlDocument,
};
const documents: Documents = {
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation UpdateUserSettings($input: UpdateUserSettingsInput!) {\n    updateUserSettings(input: $input) {\n      id\n      name\n      value\n      createdAt\n    }\n  }\n": types.UpdateUserSettingsDocument,
    "\n  mutation Relogin($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n": types.ReloginDocument,
    "\n  query GetTelegramUser {\n    getTelegramUser {\n      id\n      firstName\n      lastName\n      username\n    }\n  }\n": types.GetTelegramUserDocument,
    "\n  query GetTelegramAlerts {\n    getTelegramAlerts\n  }\n": types.GetTelegramAlertsDocument,
    "\n  mutation CreateTelegramLink {\n    createTelegramLink {\n      url\n      botUsername\n      expiresAt\n    }\n  }\n": types.CreateTelegramLinkDocument,
    "\n  mutation DisconnectTelegramBot($id: ID!) {\n    disconnectTelegramBot(id: $id)\n  }\n": types.DisconnectTelegramBotDocument,
    "\n  mutation SetTelegramAlerts($alerts: [TelegramAlert!]!) {\n    setTelegramAlerts(alerts: $alerts)\n  }\n": types.SetTelegramAlertsDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n": types.LoginDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation ResetPasswordWithToken($token: String!, $password: String!) {\n    resetPasswordWithToken(token: $token, password: $password)\n  }\n": types.ResetPasswordWithTokenDocument,
    "\n  mutation SignUpClient($input: SignUpClientInput!) {\n    signUpClient(input: $input)\n  }\n": types.SignUpClientDocument,
    "\n  mutation CheckDuplicateClientKey($key: String!) {\n    checkDuplicateClientKey(key: $key)\n  }\n": types.CheckDuplicateClientKeyDocument,
    "\n  mutation VerifyClient($token: String!) {\n    verifyClient(token: $token)\n  }\n": types.VerifyClientDocument,
    "\n  query Clients($filter: ClientSubscriptionFilter) {\n    getClientSubscriptions(filter: $filter) {\n      items {\n        id\n        balance\n        endDate\n        isActive\n        isExpired\n        totalShops\n        totalUsers\n        client {\n          id\n          name\n          key\n          createdAt\n        }\n        plan {\n          id\n          type\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.ClientsDocument,
    "\n  query ClientDetail($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isActive\n      isExpired\n      totalShops\n      totalUsers\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      client {\n        id\n        name\n        key\n        isActive\n        createdAt\n      }\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n      }\n    }\n  }\n": types.ClientDetailDocument,
    "\n  query ClientTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.ClientTransactionsDocument,
    "\n  mutation AddClientBalance($clientId: ID!, $amount: Float!, $note: String) {\n    addClientBalance(clientId: $clientId, amount: $amount, note: $note) {\n      id\n      balance\n    }\n  }\n": types.AddClientBalanceDocument,
    "\n  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      name\n      isActive\n    }\n  }\n": types.UpdateClientDocument,
    "\n  query ConsolePlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": types.ConsolePlansDocument,
    "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanInput!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": types.UpdateSubscriptionPlanDocument,
    "\n  query DashboardSummary($filter: OrderFilter) {\n    getOrderSummary(filter: $filter) {\n      totalOrders\n      revenueEstimate\n      ffTotalAmount\n      totalRefund\n      totalNetAmount\n    }\n  }\n": types.DashboardSummaryDocument,
    "\n  query DashboardNeedAction($filter: OrderFilter) {\n    getOrderNeedAction(filter: $filter) {\n      orderNeedIn24h\n      orderOverDate\n    }\n  }\n": types.DashboardNeedActionDocument,
    "\n  query DashboardSoldProducts($filter: OrderFilter) {\n    getSoldProducts(filter: $filter) {\n      totalSold\n      sellerProductId\n      productName\n      productImage\n    }\n  }\n": types.DashboardSoldProductsDocument,
    "\n  query DashboardDayStats($filter: OrderFilter) {\n    getOrderStats(filter: $filter) {\n      date\n      orders\n      revenue\n      net\n    }\n  }\n": types.DashboardDayStatsDocument,
    "\n  query DashboardFailedJobs($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        error\n        attempts\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n": types.DashboardFailedJobsDocument,
    "\n  query FulfillmentProducts($providerId: ID!, $filter: FulfillmentProductFilter) {\n    getFulfillmentProducts(providerId: $providerId, filter: $filter) {\n      items {\n        id\n        name\n        image\n        description\n        printAreas\n        variants {\n          sku\n          size\n          color\n          colorCode\n          stock\n          printArea\n          cost\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.FulfillmentProductsDocument,
    "\n  query PrintifyBlueprints {\n    getPrintifyBlueprints {\n      id\n      title\n      brand\n      model\n      images\n      description\n    }\n  }\n": types.PrintifyBlueprintsDocument,
    "\n  query PrintifyPrintProviders($blueprintId: ID!) {\n    getPrintifyPrintProviders(blueprintId: $blueprintId) {\n      id\n      title\n    }\n  }\n": types.PrintifyPrintProvidersDocument,
    "\n  query PrintifyVariants($blueprintId: ID!, $printProviderId: ID!) {\n    getPrintifyVariants(blueprintId: $blueprintId, printProviderId: $printProviderId) {\n      id\n      title\n      options\n      placeholders\n    }\n  }\n": types.PrintifyVariantsDocument,
    "\n  query MangoteeProductLines {\n    getMangoteeProductLines {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": types.MangoteeProductLinesDocument,
    "\n  query MangoteeProducts($filter: MangoteeProductFilter) {\n    getMangoteeProducts(filter: $filter) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": types.MangoteeProductsDocument,
    "\n  query MangoteeVariants($productId: ID!, $productLineId: ID!) {\n    getMangoteeVariants(productId: $productId, productLineId: $productLineId) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n": types.MangoteeVariantsDocument,
    "\n  query FulfillmentOrders($filter: FulfillmentOrderFilter) {\n    getFulfillmentOrders(filter: $filter) {\n      items {\n        id\n        externalId\n        refOrderId\n        status\n        providerStatus\n        error\n        totalAmount\n        trackingNumber\n        trackingUrl\n        trackingCompany\n        shippingName\n        shippingCity\n        shippingRegionCode\n        createdAt\n        updatedAt\n        provider {\n          id\n          provider\n          name\n        }\n        order {\n          id\n          externalOrderId\n          shop {\n            id\n            name\n          }\n        }\n        items {\n          id\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.FulfillmentOrdersDocument,
    "\n  query FulfillmentOrderDetail($orderId: ID!) {\n    getFulfillmentOrderById(orderId: $orderId) {\n      id\n      externalId\n      refOrderId\n      status\n      providerStatus\n      error\n      totalAmount\n      labelUrl\n      trackingNumber\n      trackingUrl\n      trackingCompany\n      shippingName\n      shippingPhone\n      shippingAddress1\n      shippingAddress2\n      shippingCity\n      shippingState\n      shippingPostalCode\n      shippingRegionCode\n      shippingMethod\n      createdAt\n      submittedAt\n      updatedAt\n      provider {\n        id\n        provider\n        name\n      }\n      order {\n        id\n        externalOrderId\n        shop {\n          id\n          name\n        }\n      }\n      items {\n        id\n        fulfillmentSku\n        quantity\n        image\n        designFrontUrl\n        designBackUrl\n        bgColorCode\n        cost\n      }\n    }\n  }\n": types.FulfillmentOrderDetailDocument,
    "\n  mutation CreateFulfillmentOrder($input: CreateFulfillmentOrderInput!) {\n    createFulfillmentOrder(input: $input) {\n      id\n      status\n      externalId\n      totalAmount\n    }\n  }\n": types.CreateFulfillmentOrderDocument,
    "\n  mutation CreateSimpleFulfillmentOrder($input: CreateSimpleFulfillmentOrderInput!) {\n    createSimpleFulfillmentOrder(input: $input)\n  }\n": types.CreateSimpleFulfillmentOrderDocument,
    "\n  mutation RemoveFulfillmentOrder($orderId: ID!) {\n    removeFulfillmentOrder(orderId: $orderId)\n  }\n": types.RemoveFulfillmentOrderDocument,
    "\n  query FulfillmentSourceOrder($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        sellerSku\n        skuId\n        catalogueProductId\n      }\n    }\n  }\n": types.FulfillmentSourceOrderDocument,
    "\n  query FulfillmentDesigns($filter: ProductDesignFilter) {\n    getFullListProductDesigns(filter: $filter) {\n      id\n      variant\n      designFrontUrl\n      designBackUrl\n    }\n  }\n": types.FulfillmentDesignsDocument,
    "\n  query FulfillmentSkuMappings($providerId: ID!, $orderItemIds: [ID!]!) {\n    getFulfillmentSkuMappings(providerId: $providerId, orderItemIds: $orderItemIds) {\n      orderItemId\n      fulfillmentSku\n      designFrontUrl\n      designBackUrl\n      fromTemplate\n      cost\n    }\n  }\n": types.FulfillmentSkuMappingsDocument,
    "\n  query FulfillmentProviders {\n    getFulfillmentProviders {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n": types.FulfillmentProvidersDocument,
    "\n  query SimpleFulfillmentProviders {\n    getSimpleFulfillmentProviders {\n      id\n      provider\n      name\n    }\n  }\n": types.SimpleFulfillmentProvidersDocument,
    "\n  mutation CreateFulfillmentProvider($input: CreateFulfillmentProviderInput!) {\n    createFulfillmentProvider(input: $input) {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n": types.CreateFulfillmentProviderDocument,
    "\n  mutation RemoveFulfillmentProvider($providerId: ID!) {\n    removeFulfillmentProvider(providerId: $providerId)\n  }\n": types.RemoveFulfillmentProviderDocument,
    "\n  query PrintifyShops {\n    getPrintifyShops {\n      id\n      title\n      sales_channel\n    }\n  }\n": types.PrintifyShopsDocument,
    "\n  query GetQueueStats {\n    getQueueStats {\n      type\n      pending\n      processing\n      succeeded\n      failed\n    }\n  }\n": types.GetQueueStatsDocument,
    "\n  query GetWorkers {\n    getWorkers {\n      id\n      queues\n      lastSeenAt\n    }\n  }\n": types.GetWorkersDocument,
    "\n  query GetEventHistories($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        status\n        error\n        event\n        attempts\n        batchId\n        clientId\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetEventHistoriesDocument,
    "\n  query GetJobBatch($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n    }\n  }\n": types.GetJobBatchDocument,
    "\n  mutation RetryEventHistory($id: ID!) {\n    retryEventHistory(id: $id) {\n      id\n      status\n      attempts\n      updatedAt\n    }\n  }\n": types.RetryEventHistoryDocument,
    "\n  query GetFulfillmentDrifts {\n    getFulfillmentDrifts {\n      id\n      clientId\n      providerId\n      kind\n      providerOrderId\n      fulfillmentOrderId\n      detail\n      foundAt\n    }\n  }\n": types.GetFulfillmentDriftsDocument,
    "\n  query Orders($filter: OrderFilter) {\n    getOrders(filter: $filter) {\n      items {\n        id\n        externalOrderId\n        status\n        marketplaceStatus\n        totalAmount\n        refundAmount\n        createdAt\n        shipByAt\n        isLate\n        isDueSoon\n        recipientName\n        shop {\n          id\n          name\n          saleChannel\n        }\n        items {\n          id\n          productName\n          skuName\n          skuImage\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.OrdersDocument,
    "\n  query OrderStatusCounts($filter: OrderFilter) {\n    getOrderStatusCounts(filter: $filter) {\n      status\n      count\n    }\n  }\n": types.OrderStatusCountsDocument,
    "\n  query OrderDetail($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      status\n      marketplaceStatus\n      allowedStatuses\n      createdAt\n      updatedAt\n      shipByAt\n      isLate\n      isDueSoon\n      totalAmount\n      refundAmount\n      revenueEstimate\n      buyerEmail\n      buyerMessage\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n        saleChannel\n      }\n      owner {\n        id\n        firstName\n        lastName\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        salePrice\n        originalPrice\n        sellerSku\n        sellerProductId\n        originProductUrl\n      }\n      profit {\n        sale\n        commissionFee\n        transactionFee\n        shippingFee\n        totalFees\n        feesSettled\n        fulfillmentCost\n        refund\n        net\n      }\n      timeline {\n        id\n        source\n        fromStatus\n        toStatus\n        marketplaceStatus\n        createdAt\n        user {\n          id\n          firstName\n          lastName\n        }\n      }\n    }\n  }\n": types.OrderDetailDocument,
    "\n  mutation UpdateOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    updateOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n    }\n  }\n": types.UpdateOrderStatusDocument,
    "\n  mutation ExportOrders($filter: OrderFilter) {\n    exportOrders(filter: $filter) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n": types.ExportOrdersDocument,
    "\n  query OrderExportStatus($id: ID!) {\n    getOrderExport(id: $id) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n": types.OrderExportStatusDocument,
    "\n  query GetListProductDesigns($filter: ProductDesignFilter) {\n    getListProductDesigns(filter: $filter) {\n      items {\n        id\n        externalProductId\n        sellerProductId\n        images\n        designFrontUrl\n        designBackUrl\n        designSleeveUrl\n        designHoodUrl\n        variant\n        product {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetListProductDesignsDocument,
    "\n  mutation RemoveProductDesign($designId: ID!) {\n    removeProductDesign(designId: $designId)\n  }\n": types.RemoveProductDesignDocument,
    "\n  mutation CacheProductDesign($input: CacheProductDesignInput!) {\n    cacheProductDesign(input: $input) {\n      id\n    }\n  }\n": types.CacheProductDesignDocument,
    "\n  query DesignProductOptions($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.DesignProductOptionsDocument,
    "\n  query GetProductTemplates($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n        tiktokCategoryId\n        images\n        variants\n        priceFormula\n        createdAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetProductTemplatesDocument,
    "\n  query GetProductTemplate($templateId: ID!) {\n    getProductTemplate(templateId: $templateId) {\n      id\n      name\n      title\n      description\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      tiktokCategoryId\n      tiktokBrandId\n      images\n      sizeChart\n      variants\n      tiktokProductAttribute\n      priceFormula\n      type\n      status\n      createdAt\n    }\n  }\n": types.GetProductTemplateDocument,
    "\n  mutation CreateProductTemplate($input: ProductTemplateInput!) {\n    createProductTemplate(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateProductTemplateDocument,
    "\n  mutation UpdateProductTemplate($templateId: ID!, $input: ProductTemplateInput!) {\n    updateProductTemplate(templateId: $templateId, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateProductTemplateDocument,
    "\n  mutation RemoveProductTemplate($templateId: ID!) {\n    removeProductTemplate(templateId: $templateId)\n  }\n": types.RemoveProductTemplateDocument,
    "\n  query GetLocalTiktokCategories {\n    getLocalTiktokCategories {\n      id\n      parentId\n      name\n      isLeaf\n      permissionStatuses\n    }\n  }\n": types.GetLocalTiktokCategoriesDocument,
    "\n  query GetTiktokCategoryAttributes($categoryId: ID!) {\n    getTiktokCategoryAttributes(categoryId: $categoryId) {\n      id\n      name\n      type\n      is_requried\n      is_customizable\n      is_multiple_selection\n      value_data_format\n      values {\n        id\n        name\n      }\n      requirement_conditions {\n        condition_type\n        attribute_id\n        attribute_value_id\n      }\n    }\n  }\n": types.GetTiktokCategoryAttributesDocument,
    "\n  query GetTiktokBrands($brandName: String) {\n    getTiktokBrands(brandName: $brandName) {\n      id\n      name\n      authorized_status\n      brand_status\n      is_t1_brand\n    }\n  }\n": types.GetTiktokBrandsDocument,
    "\n  query GetProducts($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n        status\n        type\n        source\n        images {\n          id\n          imageUrl\n          isPrimary\n          sequence\n        }\n        publishedShops {\n          id\n          name\n          liveStatus\n          productId\n        }\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetProductsDocument,
    "\n  query GetProductById($id: ID!) {\n    getProductById(id: $id) {\n      id\n      name\n      description\n      brand {\n        id\n        name\n      }\n      category {\n        id\n        name\n      }\n      images {\n        id\n        imageUrl\n        isPrimary\n        sequence\n      }\n      publishedShops {\n        id\n        name\n        liveStatus\n        productId\n      }\n      status\n      source\n      type\n      originUrl\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      createdAt\n      updatedAt\n    }\n  }\n": types.GetProductByIdDocument,
    "\n  query GetProductVariants($productId: ID!) {\n    getProductVariants(productId: $productId) {\n      id\n      sku\n      quantity\n      salePrice\n      listPrice\n      attributes {\n        id\n        value\n        attribute {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.GetProductVariantsDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input)\n  }\n": types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": types.DeleteProductDocument,
    "\n  mutation BulkDeleteProducts($productIds: [ID!]!) {\n    bulkDeleteProducts(productIds: $productIds)\n  }\n": types.BulkDeleteProductsDocument,
    "\n  mutation BulkApplyTemplate($input: BulkApplyTemplateInput!) {\n    bulkApplyTemplate(input: $input) {\n      successfulProducts\n      batchId\n    }\n  }\n": types.BulkApplyTemplateDocument,
    "\n  mutation BulkListingProduct($input: BulkListingProductInput!) {\n    bulkListingProduct(input: $input) {\n      batchId\n      queued\n    }\n  }\n": types.BulkListingProductDocument,
    "\n  mutation BulkPublishProducts($input: BulkPublishProductsInput!) {\n    bulkPublishProducts(input: $input) {\n      batchId\n      queued\n    }\n  }\n": types.BulkPublishProductsDocument,
    "\n  mutation BulkGenerateTiktokProductSku($shopId: ID!, $productIds: [ID!]!) {\n    bulkGenerateTiktokProductSKU(shopId: $shopId, productIds: $productIds) {\n      batchId\n      queued\n    }\n  }\n": types.BulkGenerateTiktokProductSkuDocument,
    "\n  mutation CreateProductWithTemplate($input: CreateProductWithTemplateInput!) {\n    createProductWithTemplate(input: $input)\n  }\n": types.CreateProductWithTemplateDocument,
    "\n  query GetBrands {\n    getBrands {\n      id\n      name\n    }\n  }\n": types.GetBrandsDocument,
    "\n  query GetAllShopProducts($filter: ShopProductFilter) {\n    getAllShopProducts(filter: $filter) {\n      items {\n        id\n        shopId\n        shopName\n        externalId\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetAllShopProductsDocument,
    "\n  mutation RemoveListing($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n": types.RemoveListingDocument,
    "\n  mutation BulkRemoveListings($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n": types.BulkRemoveListingsDocument,
    "\n  query GetShops($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        targetMarket\n        commissionRate\n        status\n        connection\n        createdAt\n        lastSyncedAt\n        assignedUserIds\n        warehouseCount\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetShopsDocument,
    "\n  query GetShop($id: ID!) {\n    getShop(id: $id) {\n      id\n      name\n      saleChannel\n      targetMarket\n      commissionRate\n      status\n      connection\n      createdAt\n      lastSyncedAt\n      assignedUserIds\n      warehouseCount\n    }\n  }\n": types.GetShopDocument,
    "\n  mutation GenerateAuthorizeLink($targetMarket: TargetMarket!, $saleChannel: SaleChannel!) {\n    generateAuthorizeLink(targetMarket: $targetMarket, saleChannel: $saleChannel)\n  }\n": types.GenerateAuthorizeLinkDocument,
    "\n  mutation AuthorizeShop($input: AuthorizeShopInput!) {\n    authorizeShop(input: $input) {\n      id\n      name\n      saleChannel\n    }\n  }\n": types.AuthorizeShopDocument,
    "\n  mutation UpdateShop($id: ID!, $input: UpdateShopInput!) {\n    updateShop(id: $id, input: $input) {\n      id\n      name\n      commissionRate\n    }\n  }\n": types.UpdateShopDocument,
    "\n  mutation RemoveShop($id: ID!) {\n    removeShop(id: $id)\n  }\n": types.RemoveShopDocument,
    "\n  mutation ReassignShop($input: ReassignShopInput!) {\n    reassignShop(input: $input) {\n      id\n      assignedUserIds\n    }\n  }\n": types.ReassignShopDocument,
    "\n  mutation SyncShop($id: ID!) {\n    syncShop(id: $id) {\n      batchId\n      queued\n    }\n  }\n": types.SyncShopDocument,
    "\n  query GetWarehouses($shopId: ID!) {\n    getWarehouses(shopId: $shopId) {\n      id\n      externalId\n      name\n      isDefault\n      additionalData\n    }\n  }\n": types.GetWarehousesDocument,
    "\n  mutation SyncWarehouse($id: ID!) {\n    syncWarehouse(id: $id) {\n      batchId\n      queued\n    }\n  }\n": types.SyncWarehouseDocument,
    "\n  query GetShopProducts($shopId: ID!, $filter: ShopProductFilter) {\n    getShopProducts(shopId: $shopId, filter: $filter) {\n      items {\n        id\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        externalId\n        shopId\n        shopName\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetShopProductsDocument,
    "\n  mutation RemoveShopProduct($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n": types.RemoveShopProductDocument,
    "\n  mutation BulkRemoveShopProduct($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n": types.BulkRemoveShopProductDocument,
    "\n  query SearchTiktokProducts($shopId: ID!, $filter: MarketplaceProductFilter) {\n    searchTiktokProducts(shopId: $shopId, filter: $filter) {\n      total_count\n      next_page_token\n      products {\n        id\n        title\n        status\n        is_not_for_sale\n        create_time\n        update_time\n        skus {\n          id\n          seller_sku\n          price {\n            currency\n            sale_price\n            tax_exclusive_price\n          }\n          inventory {\n            warehouse_id\n            quantity\n          }\n        }\n      }\n    }\n  }\n": types.SearchTiktokProductsDocument,
    "\n  query GetTiktokProductDetail($shopId: ID!, $productId: ID!) {\n    getTiktokProductDetail(shopId: $shopId, productId: $productId) {\n      id\n      title\n      description\n      status\n      category_chains {\n        id\n        local_name\n        parent_id\n        is_leaf\n      }\n      brand {\n        id\n        name\n      }\n      main_images {\n        uri\n        urls\n      }\n      skus {\n        id\n        seller_sku\n        price {\n          currency\n          sale_price\n          tax_exclusive_price\n        }\n        inventory {\n          warehouse_id\n          quantity\n        }\n      }\n    }\n  }\n": types.GetTiktokProductDetailDocument,
    "\n  query SubscriptionPlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n": types.SubscriptionPlansDocument,
    "\n  query MySubscription($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isExpired\n      totalShops\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n        promotions\n      }\n    }\n  }\n": types.MySubscriptionDocument,
    "\n  query MyTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.MyTransactionsDocument,
    "\n  mutation SubscribeAPlan($planId: ID!) {\n    subscribeAPlan(planId: $planId) {\n      id\n      startDate\n      endDate\n      balance\n      plan {\n        id\n        type\n      }\n    }\n  }\n": types.SubscribeAPlanDocument,
    "\n  mutation CreateTopUpCheckout($amount: Float!) {\n    createTopUpCheckout(amount: $amount) {\n      url\n      payment {\n        id\n        amount\n        status\n      }\n    }\n  }\n": types.CreateTopUpCheckoutDocument,
    "\n  query TopUpPayment($id: ID!) {\n    getTopUpPayment(id: $id) {\n      id\n      amount\n      currency\n      status\n      createdAt\n      paidAt\n    }\n  }\n": types.TopUpPaymentDocument,
    "\n  query GetUsers($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n        createdAt\n        shops {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n": types.GetUsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    signUp(input: $input)\n  }\n": types.CreateUserDocument,
    "\n  mutation RemoveUser($id: ID!) {\n    removeUser(id: $id)\n  }\n": types.RemoveUserDocument,
    "\n  mutation ResetPassword($userId: ID!) {\n    resetPassword(userId: $userId)\n  }\n": types.ResetPasswordDocument,
    "\n  query ApiClientProbe {\n    getQueueStats {\n      type\n    }\n  }\n": types.ApiClientProbeDocument,
    "\n  query Me {\n    getMe {\n      id\n      email\n      firstName\n      lastName\n      role\n      createdAt\n      client {\n        id\n        name\n        key\n        isActive\n        promotionsEnabled\n      }\n      settings {\n        id\n        name\n        value\n        createdAt\n      }\n    }\n  }\n": types.MeDocument,
    "\n  query JobBatchProgress($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n": types.JobBatchProgressDocument,
    "\n  mutation RetryJobBatch($id: ID!) {\n    retryJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n": types.RetryJobBatchDocument,
    "\n  query ShopOptions($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        status\n        connection\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n": types.ShopOptionsDocument,
    "\n  query TemplateOptions($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n      }\n    }\n  }\n": types.TemplateOptionsDocument,
    "\n  query StaffOptions($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n      }\n    }\n  }\n": types.StaffOptionsDocument,
    "\n  mutation GetPresignedUrl($input: PresignedUrlInput!) {\n    getPresignedUrl(input: $input) {\n      presignedUrl\n      fileUrl\n    }\n  }\n": types.GetPresignedUrlDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserSettings($input: UpdateUserSettingsInput!) {\n    updateUserSettings(input: $input) {\n      id\n      name\n      value\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUserSettings($input: UpdateUserSettingsInput!) {\n    updateUserSettings(input: $input) {\n      id\n      name\n      value\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Relogin($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n"): (typeof documents)["\n  mutation Relogin($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetTelegramUser {\n    getTelegramUser {\n      id\n      firstName\n      lastName\n      username\n    }\n  }\n"): (typeof documents)["\n  query GetTelegramUser {\n    getTelegramUser {\n      id\n      firstName\n      lastName\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetTelegramAlerts {\n    getTelegramAlerts\n  }\n"): (typeof documents)["\n  query GetTelegramAlerts {\n    getTelegramAlerts\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTelegramLink {\n    createTelegramLink {\n      url\n      botUsername\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTelegramLink {\n    createTelegramLink {\n      url\n      botUsername\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectTelegramBot($id: ID!) {\n    disconnectTelegramBot(id: $id)\n  }\n"): (typeof documents)["\n  mutation DisconnectTelegramBot($id: ID!) {\n    disconnectTelegramBot(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTelegramAlerts($alerts: [TelegramAlert!]!) {\n    setTelegramAlerts(alerts: $alerts)\n  }\n"): (typeof documents)["\n  mutation SetTelegramAlerts($alerts: [TelegramAlert!]!) {\n    setTelegramAlerts(alerts: $alerts)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPasswordWithToken($token: String!, $password: String!) {\n    resetPasswordWithToken(token: $token, password: $password)\n  }\n"): (typeof documents)["\n  mutation ResetPasswordWithToken($token: String!, $password: String!) {\n    resetPasswordWithToken(token: $token, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUpClient($input: SignUpClientInput!) {\n    signUpClient(input: $input)\n  }\n"): (typeof documents)["\n  mutation SignUpClient($input: SignUpClientInput!) {\n    signUpClient(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckDuplicateClientKey($key: String!) {\n    checkDuplicateClientKey(key: $key)\n  }\n"): (typeof documents)["\n  mutation CheckDuplicateClientKey($key: String!) {\n    checkDuplicateClientKey(key: $key)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyClient($token: String!) {\n    verifyClient(token: $token)\n  }\n"): (typeof documents)["\n  mutation VerifyClient($token: String!) {\n    verifyClient(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Clients($filter: ClientSubscriptionFilter) {\n    getClientSubscriptions(filter: $filter) {\n      items {\n        id\n        balance\n        endDate\n        isActive\n        isExpired\n        totalShops\n        totalUsers\n        client {\n          id\n          name\n          key\n          createdAt\n        }\n        plan {\n          id\n          type\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query Clients($filter: ClientSubscriptionFilter) {\n    getClientSubscriptions(filter: $filter) {\n      items {\n        id\n        balance\n        endDate\n        isActive\n        isExpired\n        totalShops\n        totalUsers\n        client {\n          id\n          name\n          key\n          createdAt\n        }\n        plan {\n          id\n          type\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientDetail($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isActive\n      isExpired\n      totalShops\n      totalUsers\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      client {\n        id\n        name\n        key\n        isActive\n        createdAt\n      }\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientDetail($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isActive\n      isExpired\n      totalShops\n      totalUsers\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      client {\n        id\n        name\n        key\n        isActive\n        createdAt\n      }\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddClientBalance($clientId: ID!, $amount: Float!, $note: String) {\n    addClientBalance(clientId: $clientId, amount: $amount, note: $note) {\n      id\n      balance\n    }\n  }\n"): (typeof documents)["\n  mutation AddClientBalance($clientId: ID!, $amount: Float!, $note: String) {\n    addClientBalance(clientId: $clientId, amount: $amount, note: $note) {\n      id\n      balance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      name\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {\n    updateClient(id: $id, input: $input) {\n      id\n      name\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsolePlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"): (typeof documents)["\n  query ConsolePlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanInput!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanInput!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardSummary($filter: OrderFilter) {\n    getOrderSummary(filter: $filter) {\n      totalOrders\n      revenueEstimate\n      ffTotalAmount\n      totalRefund\n      totalNetAmount\n    }\n  }\n"): (typeof documents)["\n  query DashboardSummary($filter: OrderFilter) {\n    getOrderSummary(filter: $filter) {\n      totalOrders\n      revenueEstimate\n      ffTotalAmount\n      totalRefund\n      totalNetAmount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardNeedAction($filter: OrderFilter) {\n    getOrderNeedAction(filter: $filter) {\n      orderNeedIn24h\n      orderOverDate\n    }\n  }\n"): (typeof documents)["\n  query DashboardNeedAction($filter: OrderFilter) {\n    getOrderNeedAction(filter: $filter) {\n      orderNeedIn24h\n      orderOverDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardSoldProducts($filter: OrderFilter) {\n    getSoldProducts(filter: $filter) {\n      totalSold\n      sellerProductId\n      productName\n      productImage\n    }\n  }\n"): (typeof documents)["\n  query DashboardSoldProducts($filter: OrderFilter) {\n    getSoldProducts(filter: $filter) {\n      totalSold\n      sellerProductId\n      productName\n      productImage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardDayStats($filter: OrderFilter) {\n    getOrderStats(filter: $filter) {\n      date\n      orders\n      revenue\n      net\n    }\n  }\n"): (typeof documents)["\n  query DashboardDayStats($filter: OrderFilter) {\n    getOrderStats(filter: $filter) {\n      date\n      orders\n      revenue\n      net\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardFailedJobs($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        error\n        attempts\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardFailedJobs($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        error\n        attempts\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentProducts($providerId: ID!, $filter: FulfillmentProductFilter) {\n    getFulfillmentProducts(providerId: $providerId, filter: $filter) {\n      items {\n        id\n        name\n        image\n        description\n        printAreas\n        variants {\n          sku\n          size\n          color\n          colorCode\n          stock\n          printArea\n          cost\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentProducts($providerId: ID!, $filter: FulfillmentProductFilter) {\n    getFulfillmentProducts(providerId: $providerId, filter: $filter) {\n      items {\n        id\n        name\n        image\n        description\n        printAreas\n        variants {\n          sku\n          size\n          color\n          colorCode\n          stock\n          printArea\n          cost\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrintifyBlueprints {\n    getPrintifyBlueprints {\n      id\n      title\n      brand\n      model\n      images\n      description\n    }\n  }\n"): (typeof documents)["\n  query PrintifyBlueprints {\n    getPrintifyBlueprints {\n      id\n      title\n      brand\n      model\n      images\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrintifyPrintProviders($blueprintId: ID!) {\n    getPrintifyPrintProviders(blueprintId: $blueprintId) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query PrintifyPrintProviders($blueprintId: ID!) {\n    getPrintifyPrintProviders(blueprintId: $blueprintId) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrintifyVariants($blueprintId: ID!, $printProviderId: ID!) {\n    getPrintifyVariants(blueprintId: $blueprintId, printProviderId: $printProviderId) {\n      id\n      title\n      options\n      placeholders\n    }\n  }\n"): (typeof documents)["\n  query PrintifyVariants($blueprintId: ID!, $printProviderId: ID!) {\n    getPrintifyVariants(blueprintId: $blueprintId, printProviderId: $printProviderId) {\n      id\n      title\n      options\n      placeholders\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MangoteeProductLines {\n    getMangoteeProductLines {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"): (typeof documents)["\n  query MangoteeProductLines {\n    getMangoteeProductLines {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MangoteeProducts($filter: MangoteeProductFilter) {\n    getMangoteeProducts(filter: $filter) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"): (typeof documents)["\n  query MangoteeProducts($filter: MangoteeProductFilter) {\n    getMangoteeProducts(filter: $filter) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MangoteeVariants($productId: ID!, $productLineId: ID!) {\n    getMangoteeVariants(productId: $productId, productLineId: $productLineId) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"): (typeof documents)["\n  query MangoteeVariants($productId: ID!, $productLineId: ID!) {\n    getMangoteeVariants(productId: $productId, productLineId: $productLineId) {\n      id\n      name\n      sku\n      stock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentOrders($filter: FulfillmentOrderFilter) {\n    getFulfillmentOrders(filter: $filter) {\n      items {\n        id\n        externalId\n        refOrderId\n        status\n        providerStatus\n        error\n        totalAmount\n        trackingNumber\n        trackingUrl\n        trackingCompany\n        shippingName\n        shippingCity\n        shippingRegionCode\n        createdAt\n        updatedAt\n        provider {\n          id\n          provider\n          name\n        }\n        order {\n          id\n          externalOrderId\n          shop {\n            id\n            name\n          }\n        }\n        items {\n          id\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentOrders($filter: FulfillmentOrderFilter) {\n    getFulfillmentOrders(filter: $filter) {\n      items {\n        id\n        externalId\n        refOrderId\n        status\n        providerStatus\n        error\n        totalAmount\n        trackingNumber\n        trackingUrl\n        trackingCompany\n        shippingName\n        shippingCity\n        shippingRegionCode\n        createdAt\n        updatedAt\n        provider {\n          id\n          provider\n          name\n        }\n        order {\n          id\n          externalOrderId\n          shop {\n            id\n            name\n          }\n        }\n        items {\n          id\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentOrderDetail($orderId: ID!) {\n    getFulfillmentOrderById(orderId: $orderId) {\n      id\n      externalId\n      refOrderId\n      status\n      providerStatus\n      error\n      totalAmount\n      labelUrl\n      trackingNumber\n      trackingUrl\n      trackingCompany\n      shippingName\n      shippingPhone\n      shippingAddress1\n      shippingAddress2\n      shippingCity\n      shippingState\n      shippingPostalCode\n      shippingRegionCode\n      shippingMethod\n      createdAt\n      submittedAt\n      updatedAt\n      provider {\n        id\n        provider\n        name\n      }\n      order {\n        id\n        externalOrderId\n        shop {\n          id\n          name\n        }\n      }\n      items {\n        id\n        fulfillmentSku\n        quantity\n        image\n        designFrontUrl\n        designBackUrl\n        bgColorCode\n        cost\n      }\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentOrderDetail($orderId: ID!) {\n    getFulfillmentOrderById(orderId: $orderId) {\n      id\n      externalId\n      refOrderId\n      status\n      providerStatus\n      error\n      totalAmount\n      labelUrl\n      trackingNumber\n      trackingUrl\n      trackingCompany\n      shippingName\n      shippingPhone\n      shippingAddress1\n      shippingAddress2\n      shippingCity\n      shippingState\n      shippingPostalCode\n      shippingRegionCode\n      shippingMethod\n      createdAt\n      submittedAt\n      updatedAt\n      provider {\n        id\n        provider\n        name\n      }\n      order {\n        id\n        externalOrderId\n        shop {\n          id\n          name\n        }\n      }\n      items {\n        id\n        fulfillmentSku\n        quantity\n        image\n        designFrontUrl\n        designBackUrl\n        bgColorCode\n        cost\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFulfillmentOrder($input: CreateFulfillmentOrderInput!) {\n    createFulfillmentOrder(input: $input) {\n      id\n      status\n      externalId\n      totalAmount\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFulfillmentOrder($input: CreateFulfillmentOrderInput!) {\n    createFulfillmentOrder(input: $input) {\n      id\n      status\n      externalId\n      totalAmount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSimpleFulfillmentOrder($input: CreateSimpleFulfillmentOrderInput!) {\n    createSimpleFulfillmentOrder(input: $input)\n  }\n"): (typeof documents)["\n  mutation CreateSimpleFulfillmentOrder($input: CreateSimpleFulfillmentOrderInput!) {\n    createSimpleFulfillmentOrder(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFulfillmentOrder($orderId: ID!) {\n    removeFulfillmentOrder(orderId: $orderId)\n  }\n"): (typeof documents)["\n  mutation RemoveFulfillmentOrder($orderId: ID!) {\n    removeFulfillmentOrder(orderId: $orderId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentSourceOrder($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        sellerSku\n        skuId\n        catalogueProductId\n      }\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentSourceOrder($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        sellerSku\n        skuId\n        catalogueProductId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentDesigns($filter: ProductDesignFilter) {\n    getFullListProductDesigns(filter: $filter) {\n      id\n      variant\n      designFrontUrl\n      designBackUrl\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentDesigns($filter: ProductDesignFilter) {\n    getFullListProductDesigns(filter: $filter) {\n      id\n      variant\n      designFrontUrl\n      designBackUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentSkuMappings($providerId: ID!, $orderItemIds: [ID!]!) {\n    getFulfillmentSkuMappings(providerId: $providerId, orderItemIds: $orderItemIds) {\n      orderItemId\n      fulfillmentSku\n      designFrontUrl\n      designBackUrl\n      fromTemplate\n      cost\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentSkuMappings($providerId: ID!, $orderItemIds: [ID!]!) {\n    getFulfillmentSkuMappings(providerId: $providerId, orderItemIds: $orderItemIds) {\n      orderItemId\n      fulfillmentSku\n      designFrontUrl\n      designBackUrl\n      fromTemplate\n      cost\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FulfillmentProviders {\n    getFulfillmentProviders {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query FulfillmentProviders {\n    getFulfillmentProviders {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SimpleFulfillmentProviders {\n    getSimpleFulfillmentProviders {\n      id\n      provider\n      name\n    }\n  }\n"): (typeof documents)["\n  query SimpleFulfillmentProviders {\n    getSimpleFulfillmentProviders {\n      id\n      provider\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFulfillmentProvider($input: CreateFulfillmentProviderInput!) {\n    createFulfillmentProvider(input: $input) {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFulfillmentProvider($input: CreateFulfillmentProviderInput!) {\n    createFulfillmentProvider(input: $input) {\n      id\n      provider\n      name\n      shopId\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFulfillmentProvider($providerId: ID!) {\n    removeFulfillmentProvider(providerId: $providerId)\n  }\n"): (typeof documents)["\n  mutation RemoveFulfillmentProvider($providerId: ID!) {\n    removeFulfillmentProvider(providerId: $providerId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrintifyShops {\n    getPrintifyShops {\n      id\n      title\n      sales_channel\n    }\n  }\n"): (typeof documents)["\n  query PrintifyShops {\n    getPrintifyShops {\n      id\n      title\n      sales_channel\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetQueueStats {\n    getQueueStats {\n      type\n      pending\n      processing\n      succeeded\n      failed\n    }\n  }\n"): (typeof documents)["\n  query GetQueueStats {\n    getQueueStats {\n      type\n      pending\n      processing\n      succeeded\n      failed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetWorkers {\n    getWorkers {\n      id\n      queues\n      lastSeenAt\n    }\n  }\n"): (typeof documents)["\n  query GetWorkers {\n    getWorkers {\n      id\n      queues\n      lastSeenAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetEventHistories($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        status\n        error\n        event\n        attempts\n        batchId\n        clientId\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetEventHistories($filter: EventHistoryFilter) {\n    getEventHistories(filter: $filter) {\n      items {\n        id\n        type\n        status\n        error\n        event\n        attempts\n        batchId\n        clientId\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetJobBatch($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query GetJobBatch($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryEventHistory($id: ID!) {\n    retryEventHistory(id: $id) {\n      id\n      status\n      attempts\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RetryEventHistory($id: ID!) {\n    retryEventHistory(id: $id) {\n      id\n      status\n      attempts\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetFulfillmentDrifts {\n    getFulfillmentDrifts {\n      id\n      clientId\n      providerId\n      kind\n      providerOrderId\n      fulfillmentOrderId\n      detail\n      foundAt\n    }\n  }\n"): (typeof documents)["\n  query GetFulfillmentDrifts {\n    getFulfillmentDrifts {\n      id\n      clientId\n      providerId\n      kind\n      providerOrderId\n      fulfillmentOrderId\n      detail\n      foundAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Orders($filter: OrderFilter) {\n    getOrders(filter: $filter) {\n      items {\n        id\n        externalOrderId\n        status\n        marketplaceStatus\n        totalAmount\n        refundAmount\n        createdAt\n        shipByAt\n        isLate\n        isDueSoon\n        recipientName\n        shop {\n          id\n          name\n          saleChannel\n        }\n        items {\n          id\n          productName\n          skuName\n          skuImage\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query Orders($filter: OrderFilter) {\n    getOrders(filter: $filter) {\n      items {\n        id\n        externalOrderId\n        status\n        marketplaceStatus\n        totalAmount\n        refundAmount\n        createdAt\n        shipByAt\n        isLate\n        isDueSoon\n        recipientName\n        shop {\n          id\n          name\n          saleChannel\n        }\n        items {\n          id\n          productName\n          skuName\n          skuImage\n          quantity\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderStatusCounts($filter: OrderFilter) {\n    getOrderStatusCounts(filter: $filter) {\n      status\n      count\n    }\n  }\n"): (typeof documents)["\n  query OrderStatusCounts($filter: OrderFilter) {\n    getOrderStatusCounts(filter: $filter) {\n      status\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderDetail($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      status\n      marketplaceStatus\n      allowedStatuses\n      createdAt\n      updatedAt\n      shipByAt\n      isLate\n      isDueSoon\n      totalAmount\n      refundAmount\n      revenueEstimate\n      buyerEmail\n      buyerMessage\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n        saleChannel\n      }\n      owner {\n        id\n        firstName\n        lastName\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        salePrice\n        originalPrice\n        sellerSku\n        sellerProductId\n        originProductUrl\n      }\n      profit {\n        sale\n        commissionFee\n        transactionFee\n        shippingFee\n        totalFees\n        feesSettled\n        fulfillmentCost\n        refund\n        net\n      }\n      timeline {\n        id\n        source\n        fromStatus\n        toStatus\n        marketplaceStatus\n        createdAt\n        user {\n          id\n          firstName\n          lastName\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderDetail($orderId: ID!) {\n    getOrderById(orderId: $orderId) {\n      id\n      externalOrderId\n      status\n      marketplaceStatus\n      allowedStatuses\n      createdAt\n      updatedAt\n      shipByAt\n      isLate\n      isDueSoon\n      totalAmount\n      refundAmount\n      revenueEstimate\n      buyerEmail\n      buyerMessage\n      recipientName\n      recipientPhone\n      recipientAddress\n      recipientAddress1\n      recipientAddress2\n      recipientCity\n      recipientState\n      recipientRegionCode\n      recipientPostalCode\n      shop {\n        id\n        name\n        saleChannel\n      }\n      owner {\n        id\n        firstName\n        lastName\n      }\n      items {\n        id\n        productName\n        skuName\n        skuImage\n        quantity\n        salePrice\n        originalPrice\n        sellerSku\n        sellerProductId\n        originProductUrl\n      }\n      profit {\n        sale\n        commissionFee\n        transactionFee\n        shippingFee\n        totalFees\n        feesSettled\n        fulfillmentCost\n        refund\n        net\n      }\n      timeline {\n        id\n        source\n        fromStatus\n        toStatus\n        marketplaceStatus\n        createdAt\n        user {\n          id\n          firstName\n          lastName\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    updateOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    updateOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExportOrders($filter: OrderFilter) {\n    exportOrders(filter: $filter) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation ExportOrders($filter: OrderFilter) {\n    exportOrders(filter: $filter) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderExportStatus($id: ID!) {\n    getOrderExport(id: $id) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query OrderExportStatus($id: ID!) {\n    getOrderExport(id: $id) {\n      id\n      status\n      totalRows\n      doneRows\n      downloadUrl\n      fileName\n      error\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetListProductDesigns($filter: ProductDesignFilter) {\n    getListProductDesigns(filter: $filter) {\n      items {\n        id\n        externalProductId\n        sellerProductId\n        images\n        designFrontUrl\n        designBackUrl\n        designSleeveUrl\n        designHoodUrl\n        variant\n        product {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetListProductDesigns($filter: ProductDesignFilter) {\n    getListProductDesigns(filter: $filter) {\n      items {\n        id\n        externalProductId\n        sellerProductId\n        images\n        designFrontUrl\n        designBackUrl\n        designSleeveUrl\n        designHoodUrl\n        variant\n        product {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProductDesign($designId: ID!) {\n    removeProductDesign(designId: $designId)\n  }\n"): (typeof documents)["\n  mutation RemoveProductDesign($designId: ID!) {\n    removeProductDesign(designId: $designId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CacheProductDesign($input: CacheProductDesignInput!) {\n    cacheProductDesign(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CacheProductDesign($input: CacheProductDesignInput!) {\n    cacheProductDesign(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DesignProductOptions($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query DesignProductOptions($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetProductTemplates($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n        tiktokCategoryId\n        images\n        variants\n        priceFormula\n        createdAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetProductTemplates($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n        tiktokCategoryId\n        images\n        variants\n        priceFormula\n        createdAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetProductTemplate($templateId: ID!) {\n    getProductTemplate(templateId: $templateId) {\n      id\n      name\n      title\n      description\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      tiktokCategoryId\n      tiktokBrandId\n      images\n      sizeChart\n      variants\n      tiktokProductAttribute\n      priceFormula\n      type\n      status\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query GetProductTemplate($templateId: ID!) {\n    getProductTemplate(templateId: $templateId) {\n      id\n      name\n      title\n      description\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      tiktokCategoryId\n      tiktokBrandId\n      images\n      sizeChart\n      variants\n      tiktokProductAttribute\n      priceFormula\n      type\n      status\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProductTemplate($input: ProductTemplateInput!) {\n    createProductTemplate(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProductTemplate($input: ProductTemplateInput!) {\n    createProductTemplate(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProductTemplate($templateId: ID!, $input: ProductTemplateInput!) {\n    updateProductTemplate(templateId: $templateId, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProductTemplate($templateId: ID!, $input: ProductTemplateInput!) {\n    updateProductTemplate(templateId: $templateId, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProductTemplate($templateId: ID!) {\n    removeProductTemplate(templateId: $templateId)\n  }\n"): (typeof documents)["\n  mutation RemoveProductTemplate($templateId: ID!) {\n    removeProductTemplate(templateId: $templateId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetLocalTiktokCategories {\n    getLocalTiktokCategories {\n      id\n      parentId\n      name\n      isLeaf\n      permissionStatuses\n    }\n  }\n"): (typeof documents)["\n  query GetLocalTiktokCategories {\n    getLocalTiktokCategories {\n      id\n      parentId\n      name\n      isLeaf\n      permissionStatuses\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetTiktokCategoryAttributes($categoryId: ID!) {\n    getTiktokCategoryAttributes(categoryId: $categoryId) {\n      id\n      name\n      type\n      is_requried\n      is_customizable\n      is_multiple_selection\n      value_data_format\n      values {\n        id\n        name\n      }\n      requirement_conditions {\n        condition_type\n        attribute_id\n        attribute_value_id\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetTiktokCategoryAttributes($categoryId: ID!) {\n    getTiktokCategoryAttributes(categoryId: $categoryId) {\n      id\n      name\n      type\n      is_requried\n      is_customizable\n      is_multiple_selection\n      value_data_format\n      values {\n        id\n        name\n      }\n      requirement_conditions {\n        condition_type\n        attribute_id\n        attribute_value_id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetTiktokBrands($brandName: String) {\n    getTiktokBrands(brandName: $brandName) {\n      id\n      name\n      authorized_status\n      brand_status\n      is_t1_brand\n    }\n  }\n"): (typeof documents)["\n  query GetTiktokBrands($brandName: String) {\n    getTiktokBrands(brandName: $brandName) {\n      id\n      name\n      authorized_status\n      brand_status\n      is_t1_brand\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetProducts($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n        status\n        type\n        source\n        images {\n          id\n          imageUrl\n          isPrimary\n          sequence\n        }\n        publishedShops {\n          id\n          name\n          liveStatus\n          productId\n        }\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetProducts($search: String, $filter: ProductFilter) {\n    getProducts(search: $search, filter: $filter) {\n      items {\n        id\n        name\n        status\n        type\n        source\n        images {\n          id\n          imageUrl\n          isPrimary\n          sequence\n        }\n        publishedShops {\n          id\n          name\n          liveStatus\n          productId\n        }\n        createdAt\n        updatedAt\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetProductById($id: ID!) {\n    getProductById(id: $id) {\n      id\n      name\n      description\n      brand {\n        id\n        name\n      }\n      category {\n        id\n        name\n      }\n      images {\n        id\n        imageUrl\n        isPrimary\n        sequence\n      }\n      publishedShops {\n        id\n        name\n        liveStatus\n        productId\n      }\n      status\n      source\n      type\n      originUrl\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query GetProductById($id: ID!) {\n    getProductById(id: $id) {\n      id\n      name\n      description\n      brand {\n        id\n        name\n      }\n      category {\n        id\n        name\n      }\n      images {\n        id\n        imageUrl\n        isPrimary\n        sequence\n      }\n      publishedShops {\n        id\n        name\n        liveStatus\n        productId\n      }\n      status\n      source\n      type\n      originUrl\n      packageWeight {\n        value\n        unit\n      }\n      packageDimensions {\n        width\n        height\n        length\n        unit\n      }\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetProductVariants($productId: ID!) {\n    getProductVariants(productId: $productId) {\n      id\n      sku\n      quantity\n      salePrice\n      listPrice\n      attributes {\n        id\n        value\n        attribute {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetProductVariants($productId: ID!) {\n    getProductVariants(productId: $productId) {\n      id\n      sku\n      quantity\n      salePrice\n      listPrice\n      attributes {\n        id\n        value\n        attribute {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input)\n  }\n"): (typeof documents)["\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkDeleteProducts($productIds: [ID!]!) {\n    bulkDeleteProducts(productIds: $productIds)\n  }\n"): (typeof documents)["\n  mutation BulkDeleteProducts($productIds: [ID!]!) {\n    bulkDeleteProducts(productIds: $productIds)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkApplyTemplate($input: BulkApplyTemplateInput!) {\n    bulkApplyTemplate(input: $input) {\n      successfulProducts\n      batchId\n    }\n  }\n"): (typeof documents)["\n  mutation BulkApplyTemplate($input: BulkApplyTemplateInput!) {\n    bulkApplyTemplate(input: $input) {\n      successfulProducts\n      batchId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkListingProduct($input: BulkListingProductInput!) {\n    bulkListingProduct(input: $input) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation BulkListingProduct($input: BulkListingProductInput!) {\n    bulkListingProduct(input: $input) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkPublishProducts($input: BulkPublishProductsInput!) {\n    bulkPublishProducts(input: $input) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation BulkPublishProducts($input: BulkPublishProductsInput!) {\n    bulkPublishProducts(input: $input) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkGenerateTiktokProductSku($shopId: ID!, $productIds: [ID!]!) {\n    bulkGenerateTiktokProductSKU(shopId: $shopId, productIds: $productIds) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation BulkGenerateTiktokProductSku($shopId: ID!, $productIds: [ID!]!) {\n    bulkGenerateTiktokProductSKU(shopId: $shopId, productIds: $productIds) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProductWithTemplate($input: CreateProductWithTemplateInput!) {\n    createProductWithTemplate(input: $input)\n  }\n"): (typeof documents)["\n  mutation CreateProductWithTemplate($input: CreateProductWithTemplateInput!) {\n    createProductWithTemplate(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetBrands {\n    getBrands {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query GetBrands {\n    getBrands {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetAllShopProducts($filter: ShopProductFilter) {\n    getAllShopProducts(filter: $filter) {\n      items {\n        id\n        shopId\n        shopName\n        externalId\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetAllShopProducts($filter: ShopProductFilter) {\n    getAllShopProducts(filter: $filter) {\n      items {\n        id\n        shopId\n        shopName\n        externalId\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveListing($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n"): (typeof documents)["\n  mutation RemoveListing($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkRemoveListings($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation BulkRemoveListings($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetShops($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        targetMarket\n        commissionRate\n        status\n        connection\n        createdAt\n        lastSyncedAt\n        assignedUserIds\n        warehouseCount\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetShops($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        targetMarket\n        commissionRate\n        status\n        connection\n        createdAt\n        lastSyncedAt\n        assignedUserIds\n        warehouseCount\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetShop($id: ID!) {\n    getShop(id: $id) {\n      id\n      name\n      saleChannel\n      targetMarket\n      commissionRate\n      status\n      connection\n      createdAt\n      lastSyncedAt\n      assignedUserIds\n      warehouseCount\n    }\n  }\n"): (typeof documents)["\n  query GetShop($id: ID!) {\n    getShop(id: $id) {\n      id\n      name\n      saleChannel\n      targetMarket\n      commissionRate\n      status\n      connection\n      createdAt\n      lastSyncedAt\n      assignedUserIds\n      warehouseCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateAuthorizeLink($targetMarket: TargetMarket!, $saleChannel: SaleChannel!) {\n    generateAuthorizeLink(targetMarket: $targetMarket, saleChannel: $saleChannel)\n  }\n"): (typeof documents)["\n  mutation GenerateAuthorizeLink($targetMarket: TargetMarket!, $saleChannel: SaleChannel!) {\n    generateAuthorizeLink(targetMarket: $targetMarket, saleChannel: $saleChannel)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthorizeShop($input: AuthorizeShopInput!) {\n    authorizeShop(input: $input) {\n      id\n      name\n      saleChannel\n    }\n  }\n"): (typeof documents)["\n  mutation AuthorizeShop($input: AuthorizeShopInput!) {\n    authorizeShop(input: $input) {\n      id\n      name\n      saleChannel\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShop($id: ID!, $input: UpdateShopInput!) {\n    updateShop(id: $id, input: $input) {\n      id\n      name\n      commissionRate\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShop($id: ID!, $input: UpdateShopInput!) {\n    updateShop(id: $id, input: $input) {\n      id\n      name\n      commissionRate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveShop($id: ID!) {\n    removeShop(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveShop($id: ID!) {\n    removeShop(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReassignShop($input: ReassignShopInput!) {\n    reassignShop(input: $input) {\n      id\n      assignedUserIds\n    }\n  }\n"): (typeof documents)["\n  mutation ReassignShop($input: ReassignShopInput!) {\n    reassignShop(input: $input) {\n      id\n      assignedUserIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SyncShop($id: ID!) {\n    syncShop(id: $id) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation SyncShop($id: ID!) {\n    syncShop(id: $id) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetWarehouses($shopId: ID!) {\n    getWarehouses(shopId: $shopId) {\n      id\n      externalId\n      name\n      isDefault\n      additionalData\n    }\n  }\n"): (typeof documents)["\n  query GetWarehouses($shopId: ID!) {\n    getWarehouses(shopId: $shopId) {\n      id\n      externalId\n      name\n      isDefault\n      additionalData\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SyncWarehouse($id: ID!) {\n    syncWarehouse(id: $id) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation SyncWarehouse($id: ID!) {\n    syncWarehouse(id: $id) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetShopProducts($shopId: ID!, $filter: ShopProductFilter) {\n    getShopProducts(shopId: $shopId, filter: $filter) {\n      items {\n        id\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        externalId\n        shopId\n        shopName\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetShopProducts($shopId: ID!, $filter: ShopProductFilter) {\n    getShopProducts(shopId: $shopId, filter: $filter) {\n      items {\n        id\n        brandName\n        categoryName\n        liveStatus\n        errorMessages\n        updatedAt\n        externalId\n        shopId\n        shopName\n        product {\n          id\n          name\n          status\n          images {\n            id\n            imageUrl\n            isPrimary\n          }\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveShopProduct($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n"): (typeof documents)["\n  mutation RemoveShopProduct($shopId: ID!, $shopProductId: ID!) {\n    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkRemoveShopProduct($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n"): (typeof documents)["\n  mutation BulkRemoveShopProduct($shopId: ID!, $shopProductIds: [ID!]!) {\n    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {\n      batchId\n      queued\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchTiktokProducts($shopId: ID!, $filter: MarketplaceProductFilter) {\n    searchTiktokProducts(shopId: $shopId, filter: $filter) {\n      total_count\n      next_page_token\n      products {\n        id\n        title\n        status\n        is_not_for_sale\n        create_time\n        update_time\n        skus {\n          id\n          seller_sku\n          price {\n            currency\n            sale_price\n            tax_exclusive_price\n          }\n          inventory {\n            warehouse_id\n            quantity\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchTiktokProducts($shopId: ID!, $filter: MarketplaceProductFilter) {\n    searchTiktokProducts(shopId: $shopId, filter: $filter) {\n      total_count\n      next_page_token\n      products {\n        id\n        title\n        status\n        is_not_for_sale\n        create_time\n        update_time\n        skus {\n          id\n          seller_sku\n          price {\n            currency\n            sale_price\n            tax_exclusive_price\n          }\n          inventory {\n            warehouse_id\n            quantity\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetTiktokProductDetail($shopId: ID!, $productId: ID!) {\n    getTiktokProductDetail(shopId: $shopId, productId: $productId) {\n      id\n      title\n      description\n      status\n      category_chains {\n        id\n        local_name\n        parent_id\n        is_leaf\n      }\n      brand {\n        id\n        name\n      }\n      main_images {\n        uri\n        urls\n      }\n      skus {\n        id\n        seller_sku\n        price {\n          currency\n          sale_price\n          tax_exclusive_price\n        }\n        inventory {\n          warehouse_id\n          quantity\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetTiktokProductDetail($shopId: ID!, $productId: ID!) {\n    getTiktokProductDetail(shopId: $shopId, productId: $productId) {\n      id\n      title\n      description\n      status\n      category_chains {\n        id\n        local_name\n        parent_id\n        is_leaf\n      }\n      brand {\n        id\n        name\n      }\n      main_images {\n        uri\n        urls\n      }\n      skus {\n        id\n        seller_sku\n        price {\n          currency\n          sale_price\n          tax_exclusive_price\n        }\n        inventory {\n          warehouse_id\n          quantity\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriptionPlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"): (typeof documents)["\n  query SubscriptionPlans {\n    getAllSubscriptionPlans {\n      id\n      type\n      description\n      features\n      salePrice\n      basePrice\n      maxShops\n      durationDays\n      monthlyListings\n      monthlyFulfillments\n      promotions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySubscription($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isExpired\n      totalShops\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n        promotions\n      }\n    }\n  }\n"): (typeof documents)["\n  query MySubscription($clientId: ID!) {\n    getClientSubscription(clientId: $clientId) {\n      id\n      startDate\n      endDate\n      balance\n      isExpired\n      totalShops\n      listingsThisMonth\n      fulfillmentsThisMonth\n      bankTransferReference\n      plan {\n        id\n        type\n        salePrice\n        durationDays\n      }\n      effectivePlan {\n        id\n        type\n        maxShops\n        monthlyListings\n        monthlyFulfillments\n        promotions\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyTransactions($clientId: ID!, $limit: Int, $page: Int) {\n    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {\n      items {\n        id\n        createdAt\n        amount\n        content\n        type\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeAPlan($planId: ID!) {\n    subscribeAPlan(planId: $planId) {\n      id\n      startDate\n      endDate\n      balance\n      plan {\n        id\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeAPlan($planId: ID!) {\n    subscribeAPlan(planId: $planId) {\n      id\n      startDate\n      endDate\n      balance\n      plan {\n        id\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTopUpCheckout($amount: Float!) {\n    createTopUpCheckout(amount: $amount) {\n      url\n      payment {\n        id\n        amount\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTopUpCheckout($amount: Float!) {\n    createTopUpCheckout(amount: $amount) {\n      url\n      payment {\n        id\n        amount\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TopUpPayment($id: ID!) {\n    getTopUpPayment(id: $id) {\n      id\n      amount\n      currency\n      status\n      createdAt\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  query TopUpPayment($id: ID!) {\n    getTopUpPayment(id: $id) {\n      id\n      amount\n      currency\n      status\n      createdAt\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetUsers($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n        createdAt\n        shops {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query GetUsers($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n        createdAt\n        shops {\n          id\n          name\n        }\n      }\n      pageInfo {\n        totalCount\n        hasNextPage\n        hasPreviousPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) {\n    signUp(input: $input)\n  }\n"): (typeof documents)["\n  mutation CreateUser($input: CreateUserInput!) {\n    signUp(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveUser($id: ID!) {\n    removeUser(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveUser($id: ID!) {\n    removeUser(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($userId: ID!) {\n    resetPassword(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($userId: ID!) {\n    resetPassword(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiClientProbe {\n    getQueueStats {\n      type\n    }\n  }\n"): (typeof documents)["\n  query ApiClientProbe {\n    getQueueStats {\n      type\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    getMe {\n      id\n      email\n      firstName\n      lastName\n      role\n      createdAt\n      client {\n        id\n        name\n        key\n        isActive\n        promotionsEnabled\n      }\n      settings {\n        id\n        name\n        value\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    getMe {\n      id\n      email\n      firstName\n      lastName\n      role\n      createdAt\n      client {\n        id\n        name\n        key\n        isActive\n        promotionsEnabled\n      }\n      settings {\n        id\n        name\n        value\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JobBatchProgress($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n"): (typeof documents)["\n  query JobBatchProgress($id: ID!) {\n    getJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryJobBatch($id: ID!) {\n    retryJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RetryJobBatch($id: ID!) {\n    retryJobBatch(id: $id) {\n      id\n      type\n      total\n      pending\n      processing\n      succeeded\n      failed\n      createdAt\n      nextRunAt\n      failures {\n        jobId\n        label\n        error\n        attempts\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShopOptions($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        status\n        connection\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShopOptions($filter: ShopFilter) {\n    getShops(filter: $filter) {\n      items {\n        id\n        name\n        saleChannel\n        status\n        connection\n      }\n      pageInfo {\n        totalCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateOptions($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  query TemplateOptions($filter: ProductTemplateFilter) {\n    getProductTemplates(filter: $filter) {\n      items {\n        id\n        name\n        title\n        type\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StaffOptions($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  query StaffOptions($limit: Int, $page: Int) {\n    getUsers(limit: $limit, page: $page) {\n      items {\n        id\n        email\n        firstName\n        lastName\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GetPresignedUrl($input: PresignedUrlInput!) {\n    getPresignedUrl(input: $input) {\n      presignedUrl\n      fileUrl\n    }\n  }\n"): (typeof documents)["\n  mutation GetPresignedUrl($input: PresignedUrlInput!) {\n    getPresignedUrl(input: $input) {\n      presignedUrl\n      fileUrl\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;