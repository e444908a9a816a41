import { lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { SiteLayout } from "./features/layout/SiteLayout";
import HomePage from "./routes/home";

const AfternoonTeaPage = lazy(() => import("./routes/afternoon-tea"));
const ReservationsPage = lazy(() => import("./routes/reservations"));
const GiftVouchersPage = lazy(() => import("./routes/gift-vouchers"));
const GalleryPage = lazy(() => import("./routes/gallery"));
const ContactPage = lazy(() => import("./routes/contact"));
const CheckoutPage = lazy(() => import("./routes/checkout"));
const ConfirmationPage = lazy(() => import("./routes/confirmation"));
const SecretEntrancePage = lazy(() => import("./routes/secret-entrance"));
const SecretGardenExperiencePage = lazy(() => import("./routes/secret-garden-experience"));
const PrivacyPolicyPage = lazy(() => import("./routes/privacy-policy"));
const NotFoundPage = lazy(() => import("./routes/not-found"));

/** Path → screen (spec section 2); the layout suspends while a screen's chunk loads. */
export const PAGES: { path: string; Component: ComponentType }[] = [
  { path: "/afternoon-tea", Component: AfternoonTeaPage },
  { path: "/reservations", Component: ReservationsPage },
  { path: "/gift-vouchers", Component: GiftVouchersPage },
  { path: "/gallery", Component: GalleryPage },
  { path: "/contact", Component: ContactPage },
  { path: "/checkout", Component: CheckoutPage },
  { path: "/confirmation", Component: ConfirmationPage },
  { path: "/secret-entrance", Component: SecretEntrancePage },
  { path: "/secret-garden-experience", Component: SecretGardenExperiencePage },
  { path: "/privacy-policy", Component: PrivacyPolicyPage },
];

/**
 * The public routes. Home is in the first bundle; every other screen is its own chunk, so the
 * home page loads only what it needs. Checkout and confirmation belong to the payment work and
 * are loaded from their own files.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        {PAGES.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
