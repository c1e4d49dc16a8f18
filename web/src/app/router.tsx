import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { PublicOnly, RequireAccess, RequireAuth } from './guards';
import { RootErrorBoundary, RootLayout } from './routes/root';

/** Loads one named export of a screen module on first visit (one chunk per screen). */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginScreen = screen(() => import('@/features/auth/components/login-screen'), 'LoginScreen');
const RegisterScreen = screen(() => import('@/features/auth/components/register-screen'), 'RegisterScreen');
const ForgotPasswordScreen = screen(() => import('@/features/auth/components/forgot-password-screen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = screen(() => import('@/features/auth/components/reset-password-screen'), 'ResetPasswordScreen');
const VerifyEmailScreen = screen(() => import('@/features/auth/components/verify-email-screen'), 'VerifyEmailScreen');
const DashboardScreen = screen(() => import('@/features/dashboard/components/dashboard-screen'), 'DashboardScreen');
const UsersScreen = screen(() => import('@/features/users/components/users-screen'), 'UsersScreen');
const SettingsScreen = screen(() => import('@/features/account/components/settings-screen'), 'SettingsScreen');
const MonitorsScreen = screen(() => import('@/features/monitors/components/monitors-screen'), 'MonitorsScreen');
const ShopsScreen = screen(() => import('@/features/shops/components/shops-screen'), 'ShopsScreen');
const TiktokShopsScreen = screen(() => import('@/features/shops/components/tiktok-shops-screen'), 'TiktokShopsScreen');
const TiktokCallbackScreen = screen(() => import('@/features/shops/components/tiktok-callback-screen'), 'TiktokCallbackScreen');
const AmazonCallbackScreen = screen(() => import('@/features/shops/components/amazon-callback-screen'), 'AmazonCallbackScreen');
const TiktokProductsScreen = screen(() => import('@/features/shops/components/tiktok-products-screen'), 'TiktokProductsScreen');
const ShopDetailScreen = screen(() => import('@/features/shops/components/shop-detail-screen'), 'ShopDetailScreen');
const ShopProductsScreen = screen(() => import('@/features/shop-products/components/shop-products-screen'), 'ShopProductsScreen');
const ProductsScreen = screen(() => import('@/features/products/components/products-screen'), 'ProductsScreen');
const CreateProductsScreen = screen(() => import('@/features/products/components/create-products-screen'), 'CreateProductsScreen');
const EditProductScreen = screen(() => import('@/features/products/components/edit-product-screen'), 'EditProductScreen');
const TemplatesScreen = screen(() => import('@/features/product-templates/components/templates-screen'), 'TemplatesScreen');
const TemplateFormScreen = screen(() => import('@/features/product-templates/components/template-form-screen'), 'TemplateFormScreen');
const DesignsScreen = screen(() => import('@/features/product-designs/components/designs-screen'), 'DesignsScreen');
const OrdersScreen = screen(() => import('@/features/orders/components/orders-screen'), 'OrdersScreen');
const OrderDetailScreen = screen(() => import('@/features/orders/components/order-detail-screen'), 'OrderDetailScreen');
const FulfillmentProvidersScreen = screen(() => import('@/features/fulfillments/components/providers-screen'), 'ProvidersScreen');
const FulfillmentOrdersScreen = screen(() => import('@/features/fulfillments/components/fulfillment-orders-screen'), 'FulfillmentOrdersScreen');
const FulfillmentOrderDetailScreen = screen(() => import('@/features/fulfillments/components/fulfillment-order-detail-screen'), 'FulfillmentOrderDetailScreen');
const CreateFulfillmentScreen = screen(() => import('@/features/fulfillments/components/create-fulfillment-screen'), 'CreateFulfillmentScreen');
const SubscriptionsScreen = screen(() => import('@/features/subscriptions/components/subscriptions-screen'), 'SubscriptionsScreen');
const AddBalanceScreen = screen(() => import('@/features/subscriptions/components/add-balance-screen'), 'AddBalanceScreen');
const ClientsScreen = screen(() => import('@/features/clients/components/clients-screen'), 'ClientsScreen');
const PromotionsScreen = screen(() => import('@/features/promotions/components/promotions-screen'), 'PromotionsScreen');
const CreatePromotionScreen = screen(() => import('@/features/promotions/components/create-promotion-screen'), 'CreatePromotionScreen');
const PromotionPlansScreen = screen(() => import('@/features/promotions/components/plans-screen'), 'PlansScreen');
const ClientDetailScreen = screen(() => import('@/features/clients/components/client-detail-screen'), 'ClientDetailScreen');
const NotFoundScreen = screen(() => import('./routes/not-found'), 'NotFoundScreen');
const NotFoundPage = screen(() => import('./routes/not-found'), 'NotFoundPage');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
      {
        element: <PublicOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.auth.login, element: <LoginScreen /> },
              { path: paths.auth.register, element: <RegisterScreen /> },
              { path: paths.auth.forgotPassword, element: <ForgotPasswordScreen /> },
              { path: paths.auth.resetPassword, element: <ResetPasswordScreen /> },
            ],
          },
        ],
      },
      // The mail link is opened by people who cannot sign in yet (their client is not active
      // until this succeeds), so the screen is open to visitors and signed-in users alike.
      { element: <AuthLayout />, children: [{ path: paths.verifyEmail, element: <VerifyEmailScreen /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: paths.dashboard, element: <DashboardScreen /> },
              { path: paths.users.settings, element: <SettingsScreen /> },
              { path: paths.spyProducts, element: <NotFoundScreen /> },
              { path: paths.products.list, element: <ProductsScreen /> },
              { path: paths.products.create, element: <CreateProductsScreen /> },
              { path: paths.products.edit, element: <EditProductScreen /> },
              { path: paths.shop, element: <ShopsScreen /> },
              { path: paths.shops.index, element: <Navigate to={paths.shop} replace /> },
              { path: paths.shopProduct, element: <ShopProductsScreen /> },
              { path: paths.shops.tiktok, element: <TiktokShopsScreen /> },
              { path: paths.shops.tiktokCallback, element: <TiktokCallbackScreen /> },
              { path: paths.shops.tiktokProducts, element: <TiktokProductsScreen /> },
              { path: paths.shops.amazonCallback, element: <AmazonCallbackScreen /> },
              { path: paths.shops.detail, element: <ShopDetailScreen /> },
              { path: paths.productTemplates.list, element: <TemplatesScreen /> },
              { path: paths.productTemplates.create, element: <TemplateFormScreen /> },
              { path: paths.productTemplates.edit, element: <TemplateFormScreen /> },
              { path: paths.productDesigns, element: <DesignsScreen /> },
              { path: paths.orders.list, element: <OrdersScreen /> },
              { path: paths.orders.detail, element: <OrderDetailScreen /> },
              { path: paths.fulfillments.orders, element: <FulfillmentOrdersScreen /> },
              { path: paths.fulfillments.ordersCreate, element: <CreateFulfillmentScreen /> },
              { path: paths.fulfillments.orderDetail, element: <FulfillmentOrderDetailScreen /> },
              { path: paths.subscriptions.list, element: <SubscriptionsScreen /> },
              { path: paths.subscriptions.addBalance, element: <AddBalanceScreen /> },
              {
                element: <RequireAccess access="admin" />,
                children: [
                  { path: paths.users.list, element: <UsersScreen /> },
                  { path: paths.fulfillments.providers, element: <FulfillmentProvidersScreen /> },
                ],
              },
              {
                element: <RequireAccess access="superAdmin" />,
                children: [
                  { path: paths.monitors, element: <MonitorsScreen /> },
                  { path: paths.clients.list, element: <ClientsScreen /> },
                  { path: paths.clients.detail, element: <ClientDetailScreen /> },
                ],
              },
              {
                element: <RequireAccess access="promotions" />,
                children: [
                  { path: paths.shops.promotions, element: <PromotionsScreen /> },
                  { path: paths.shops.promotionsCreate, element: <CreatePromotionScreen /> },
                  { path: paths.promotionSettings, element: <PromotionPlansScreen /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
